//! The certificate template (`certificate_template` in config.toml, or
//! `qishe print certificates --template FILE`): a TOML file of texts with
//! `{field}` placeholders. A typo (an unknown key, an unknown placeholder)
//! is reported with its file, line and column.

use super::{line_col, ConfigError};
use crate::domain::{CertificateTemplate, CERTIFICATE_FIELDS};
use crate::i18n::msg;
use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTemplate {
    title: Option<Spanned<String>>,
    name: Option<Spanned<String>>,
    lines: Option<Vec<Spanned<String>>>,
    footer: Option<Vec<Spanned<String>>>,
    organiser: Option<Spanned<String>>,
}

/// Reads a certificate template; `file` names it in messages.
pub fn parse_certificate_template(
    text: &str,
    file: &str,
) -> Result<CertificateTemplate, ConfigError> {
    let err_at = |at: usize, why| {
        let (line, column) = line_col(text, at);
        ConfigError {
            file: file.to_string(),
            line,
            column,
            why,
        }
    };
    let raw: RawTemplate = toml::from_str(text).map_err(|e| {
        let at = e.span().map_or(0, |s| s.start);
        err_at(at, super::toml_error::toml_msg(e.message()))
    })?;
    // Every `{field}` must be one the certificate fills.
    let check = |s: &Spanned<String>| -> Result<String, ConfigError> {
        let mut rest = s.get_ref().as_str();
        while let Some(open) = rest.find('{') {
            let after = &rest[open + 1..];
            let Some(close) = after.find('}') else { break };
            let field = &after[..close];
            if !CERTIFICATE_FIELDS.contains(&field) {
                return Err(err_at(
                    s.span().start,
                    msg!(
                        "err.cert.unknown_field",
                        field,
                        allowed = CERTIFICATE_FIELDS.join(", ")
                    ),
                ));
            }
            rest = &after[close + 1..];
        }
        Ok(s.get_ref().clone())
    };
    let one = |s: &Option<Spanned<String>>| s.as_ref().map(check).transpose();
    let many = |v: &Option<Vec<Spanned<String>>>| {
        v.as_ref()
            .map(|v| v.iter().map(check).collect::<Result<Vec<_>, _>>())
            .transpose()
    };
    Ok(CertificateTemplate {
        title: one(&raw.title)?,
        name: one(&raw.name)?,
        lines: many(&raw.lines)?,
        footer: many(&raw.footer)?,
        organiser: one(&raw.organiser)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_template_reads_and_its_typos_are_placed() {
        let t = parse_certificate_template(
            "title = \"荣誉证书\"\nlines = [\"在 {event} 中\", \"荣获 {prize}\"]\n",
            "c.toml",
        )
        .unwrap();
        assert_eq!(t.title.as_deref(), Some("荣誉证书"));
        assert_eq!(t.lines.unwrap().len(), 2);
        assert_eq!(t.name, None);
        let e = parse_certificate_template("title = \"x\"\nlines = [\"{prise}\"]\n", "c.toml")
            .unwrap_err();
        assert_eq!((e.line, e.column), (2, 10));
        assert!(e.to_string().contains("{prise}"), "{e}");
        let e = parse_certificate_template("titel = \"x\"\n", "c.toml").unwrap_err();
        assert_eq!(e.line, 1);
    }

    #[test]
    fn the_sample_template_reads() {
        let t =
            parse_certificate_template(include_str!("../../certificate.toml"), "certificate.toml")
                .unwrap();
        assert_eq!(t.name.as_deref(), Some("{name}"));
        assert_eq!(t.lines.map(|l| l.len()), Some(3));
        assert!(t.organiser.is_some());
    }
}
