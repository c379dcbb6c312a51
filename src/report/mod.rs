//! The `report` layer.
