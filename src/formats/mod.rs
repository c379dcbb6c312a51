//! Readers and writers for files clubs exchange: bytes in, domain values out,
//! with line-numbered errors. No file IO here: callers pass the bytes.

mod csv_header;
pub mod games_csv;
pub mod members_csv;
pub mod prizes_csv;
pub mod safe;
pub mod teams_csv;
pub mod text;
pub mod trf;
