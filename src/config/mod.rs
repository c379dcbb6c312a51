//! The `config` layer.
