//! The `formats` layer.

pub mod games_csv;
