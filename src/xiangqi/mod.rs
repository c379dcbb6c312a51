//! The `xiangqi` layer.
