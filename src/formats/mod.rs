//! The `formats` layer.
pub mod trf;
