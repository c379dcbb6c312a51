//! The `i18n` layer.
