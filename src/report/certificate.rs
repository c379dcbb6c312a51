//! Certificates (获奖证书): one A4 landscape page per prize given, the
//! winner's name large and centred, the event, the prize's name and place,
//! the date and the organiser; no amount. The texts come from the club's
//! template (`domain::CertificateTemplate`) or the language's default.

use super::{Certificate, Doc, Part};
use crate::domain::{CertificateTemplate, CERTIFICATE_FIELDS};
use crate::i18n::{fill, tr, Lang};

/// One certificate's fields (`name`, `event`, `prize`, … as in
/// [`CERTIFICATE_FIELDS`]).
pub type CertFields = Vec<(&'static str, String)>;

/// Everything the certificates show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertificatesData {
    pub event: String,
    pub template: CertificateTemplate,
    /// One per prize given, in the order of the prize list.
    pub certificates: Vec<CertFields>,
}

/// The template's texts, each left out taken from the language's default.
fn texts(t: &CertificateTemplate, lang: Lang) -> (String, String, Vec<String>, Vec<String>) {
    let lines =
        |key: &str| -> Vec<String> { tr(lang, key).split('\n').map(str::to_string).collect() };
    (
        t.title
            .clone()
            .unwrap_or_else(|| tr(lang, "cert.title").to_string()),
        t.name.clone().unwrap_or_else(|| "{name}".to_string()),
        t.lines.clone().unwrap_or_else(|| lines("cert.lines")),
        t.footer.clone().unwrap_or_else(|| lines("cert.footer")),
    )
}

/// The placeholders of `template` filled from `fields` (an unknown one is
/// left as written).
pub fn fill_fields(template: &str, fields: &CertFields) -> String {
    fill(template, |name| {
        fields
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.clone())
            .or_else(|| (!CERTIFICATE_FIELDS.contains(&name)).then(|| format!("{{{name}}}")))
    })
}

/// The certificates, a landscape page each.
pub fn certificates(d: &CertificatesData, lang: Lang) -> Doc {
    let (title, name, lines, footer) = texts(&d.template, lang);
    let mut parts = Vec::new();
    for (i, f) in d.certificates.iter().enumerate() {
        if i > 0 {
            parts.push(Part::PageBreak);
        }
        parts.push(Part::Certificate(Certificate {
            title: fill_fields(&title, f),
            name: fill_fields(&name, f),
            lines: lines.iter().map(|l| fill_fields(l, f)).collect(),
            footer: footer.iter().map(|l| fill_fields(l, f)).collect(),
        }));
    }
    if parts.is_empty() {
        parts.push(Part::Note(tr(lang, "prize.none_given").to_string()));
    }
    Doc {
        title: format!("{} · {}", d.event, tr(lang, "cert.doc")),
        lang,
        parts,
        landscape: true,
        csv: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_fill_the_template_and_defaults_fill_the_rest() {
        let d = CertificatesData {
            event: "春季赛".into(),
            template: CertificateTemplate {
                lines: Some(vec!["{event}: {prize}".into()]),
                ..Default::default()
            },
            certificates: vec![vec![
                ("name", "王强".into()),
                ("event", "春季赛".into()),
                ("prize", "总名次第1名".into()),
            ]],
        };
        let doc = certificates(&d, Lang::ZhHans);
        let Part::Certificate(c) = &doc.parts[0] else {
            panic!("{doc:?}")
        };
        assert_eq!(c.name, "王强");
        assert_eq!(c.lines, ["春季赛: 总名次第1名"]);
        assert_eq!(c.title, tr(Lang::ZhHans, "cert.title"));
        assert!(doc.landscape);
    }
}
