//! The `tui` layer.
