//! The `scoring` layer.
