//! A knockout's bracket chart (`report::bracket`) on a PDF page, drawn as
//! the HTML and PNG renderers draw it: each name on a line of its own, the
//! connector columns (`chart-link-*`) as the lines joining two names to
//! the one they sent on; no grid. A chart is kept whole on one page.

use super::layout::{clean, Flow, LEADING};
use super::MM;
use crate::report::bracket::{LINK_BAR, LINK_BOTTOM, LINK_KEY, LINK_MID, LINK_TOP};
use crate::report::png::{fit_width, measure};
use crate::report::Table;

/// Text size of the names.
const SIZE: f32 = 9.0;
/// A connector column's width.
const LINK_W: f32 = 5.0 * MM;
/// The widest a name column gets (a longer name is cut with an ellipsis).
const NAME_MAX: f32 = 40.0 * MM;
const PAD: f32 = 1.2 * MM;
/// The weight of the bracket's lines.
const PEN: f32 = 0.8;

/// Does `t` hold a bracket chart?
pub(super) fn is_chart(t: &Table) -> bool {
    t.columns.iter().any(|c| c.key.starts_with(LINK_KEY))
}

/// Which sides of a cell carry a line: (right, bottom).
fn strokes(link: bool, v: &str) -> (bool, bool) {
    match (link, v) {
        (true, LINK_TOP) => (false, true),
        (true, LINK_MID) | (true, LINK_BAR) => (true, false),
        (true, LINK_BOTTOM) => (true, true),
        (true, _) => (false, false),
        (false, v) => (false, !v.is_empty()),
    }
}

/// Draws the chart `t` where the flow stands (on a new page if it does not
/// fit on this one).
pub(super) fn draw(f: &mut Flow, t: &Table) {
    let g = f.g;
    let links: Vec<bool> = t
        .columns
        .iter()
        .map(|c| c.key.starts_with(LINK_KEY))
        .collect();
    let names = links.iter().filter(|l| !**l).count().max(1);
    let link_w = links.iter().filter(|l| **l).count() as f32 * LINK_W;
    // The name columns share the width left, each at most NAME_MAX and at
    // least as wide as its heading.
    let name_w = ((f.avail() - link_w) / names as f32).min(NAME_MAX);
    let widths: Vec<f32> = t
        .columns
        .iter()
        .zip(&links)
        .map(|(c, &l)| match l {
            true => LINK_W,
            false => name_w.max(measure(g, &clean(&c.heading), SIZE) + 2.0 * PAD),
        })
        .collect();
    let row_h = (SIZE * LEADING + 1.6 * MM).max((f.body_height() - 12.0 * MM) / 34.0);
    let row_h = row_h.min(6.0 * MM);
    let head_h = SIZE * LEADING + 1.5 * MM;
    f.need(head_h + t.rows.len() as f32 * row_h);
    let x0 = f.left();
    let y = f.y;
    let mut x = x0;
    for (c, w) in t.columns.iter().zip(&widths) {
        let h = fit_width(g, &clean(&c.heading), SIZE, w - PAD);
        f.text_at(x + PAD, y, SIZE, true, &h);
        x += w;
    }
    f.y += head_h;
    for row in &t.rows {
        let y = f.y;
        let mut x = x0;
        for (i, w) in widths.iter().enumerate() {
            let v = row.get(i).map_or("", String::as_str);
            let (right, bottom) = strokes(links[i], v);
            if bottom {
                f.line(x, y + row_h, x + w, y + row_h, PEN);
            }
            if right {
                f.line(x + w, y, x + w, y + row_h, PEN);
            }
            if !links[i] {
                let s = fit_width(g, clean(v).trim(), SIZE, w - 2.0 * PAD);
                f.text_at(x + PAD, y + row_h - SIZE * LEADING, SIZE, false, &s);
            }
            x += w;
        }
        f.y += row_h;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cells of a connector column draw the lines the PNG renderer
    /// draws: the upper name's line runs on, the bar down the right, the
    /// lower name's corner.
    #[test]
    fn connectors_stroke_the_sides_png_and_html_stroke() {
        assert_eq!(strokes(true, LINK_TOP), (false, true));
        assert_eq!(strokes(true, LINK_BAR), (true, false));
        assert_eq!(strokes(true, LINK_MID), (true, false));
        assert_eq!(strokes(true, LINK_BOTTOM), (true, true));
        assert_eq!(strokes(true, ""), (false, false));
        assert_eq!(strokes(false, "王天一"), (false, true));
        assert_eq!(strokes(false, ""), (false, false));
    }
}
