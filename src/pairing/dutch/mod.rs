//! FIDE Dutch
