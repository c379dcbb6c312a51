//! The `formats` layer.
