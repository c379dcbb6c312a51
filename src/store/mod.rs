//! The `store` layer.
