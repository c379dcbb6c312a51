//! The flow of a document down its pages: where the next thing goes, when
//! a page is full, and the furniture of every page (the running title and
//! the club at the top; the print date and `第N/M页` at the bottom).

use super::font::PdfFont;
use super::MM;
use crate::report::png::{fit_width, measure, wrap, Glyphs};
use crate::report::Doc;

/// What is drawn on a page; coordinates in points from the page's top
/// left, `y` of a text its baseline.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Text {
        x: f32,
        y: f32,
        size: f32,
        bold: bool,
        /// 0 black … 1 white.
        gray: f32,
        text: String,
        /// Upside down: turned half a circle about (`x`, `y`), so it runs
        /// leftwards (the upper half of a folded table card).
        turned: bool,
    },
    /// A filled rectangle.
    Fill {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        gray: f32,
    },
    /// A straight rule.
    Line {
        x1: f32,
        y1: f32,
        x2: f32,
        y2: f32,
        width: f32,
        dashed: bool,
    },
}

/// A laid-out page.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    pub width: f32,
    pub height: f32,
    pub items: Vec<Item>,
}

impl Page {
    /// The page's texts in drawing order (tests).
    pub fn texts(&self) -> Vec<&str> {
        self.items
            .iter()
            .filter_map(|i| match i {
                Item::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }
}

/// Sizes, in points.
pub(super) const BODY: f32 = 10.0;
pub(super) const HEADING: f32 = 15.0;
const FURNITURE: f32 = 8.0;
/// Line height as a multiple of the text size.
pub(super) const LEADING: f32 = 1.3;
/// Rules of tables and slips.
pub(super) const RULE: f32 = 0.6;
pub(super) const MARGIN_SIDE: f32 = 14.0 * MM;
const MARGIN_TOP: f32 = 17.0 * MM;
const MARGIN_BOTTOM: f32 = 16.0 * MM;

/// A document flowing down its pages.
pub(super) struct Flow<'a> {
    pub(super) g: &'a PdfFont<'a>,
    pub(super) width: f32,
    pub(super) height: f32,
    pages: Vec<Vec<Item>>,
    cur: Vec<Item>,
    /// Where the next thing goes, from the page's top.
    pub(super) y: f32,
}

impl<'a> Flow<'a> {
    pub(super) fn new(g: &'a PdfFont<'a>, width: f32, height: f32) -> Flow<'a> {
        Flow {
            g,
            width,
            height,
            pages: Vec::new(),
            cur: Vec::new(),
            y: MARGIN_TOP,
        }
    }

    pub(super) fn left(&self) -> f32 {
        MARGIN_SIDE
    }

    /// Width of the text area.
    pub(super) fn avail(&self) -> f32 {
        self.width - 2.0 * MARGIN_SIDE
    }

    pub(super) fn top(&self) -> f32 {
        MARGIN_TOP
    }

    pub(super) fn bottom(&self) -> f32 {
        self.height - MARGIN_BOTTOM
    }

    /// Height of the text area of a page.
    pub(super) fn body_height(&self) -> f32 {
        self.bottom() - self.top()
    }

    /// Room left on this page.
    pub(super) fn room(&self) -> f32 {
        self.bottom() - self.y
    }

    /// Whether nothing is on this page yet.
    pub(super) fn fresh(&self) -> bool {
        self.cur.is_empty()
    }

    pub(super) fn new_page(&mut self) {
        self.pages.push(std::mem::take(&mut self.cur));
        self.y = MARGIN_TOP;
    }

    /// A new page unless `h` more points fit on this one (or it is empty).
    pub(super) fn need(&mut self, h: f32) {
        if h > self.room() && !self.fresh() {
            self.new_page();
        }
    }

    pub(super) fn push(&mut self, item: Item) {
        self.cur.push(item);
    }

    /// Text with its top at `top`.
    pub(super) fn text_at(&mut self, x: f32, top: f32, size: f32, bold: bool, s: &str) {
        if s.is_empty() {
            return;
        }
        let y = top + self.g.ascent(size);
        self.push(Item::Text {
            x,
            y,
            size,
            bold,
            gray: 0.0,
            text: s.to_string(),
            turned: false,
        });
    }

    /// A paragraph wrapped to the text width, line by line (a page break
    /// may fall between its lines).
    pub(super) fn paragraph(&mut self, s: &str, size: f32, bold: bool) {
        let lh = size * LEADING;
        for line in wrap(self.g, s, size, self.avail()) {
            self.need(lh);
            let (x, top) = (self.left(), self.y);
            self.text_at(x, top, size, bold, &line);
            self.y += lh;
        }
    }

    pub(super) fn gap(&mut self, h: f32) {
        if !self.fresh() {
            self.y += h;
        }
    }

    pub(super) fn fill(&mut self, x: f32, y: f32, w: f32, h: f32, gray: f32) {
        self.push(Item::Fill { x, y, w, h, gray });
    }

    pub(super) fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32) {
        self.push(Item::Line {
            x1,
            y1,
            x2,
            y2,
            width,
            dashed: false,
        });
    }

    /// Where this page's next item goes in its list (for [`Flow::turn_copy`]).
    pub(super) fn mark(&self) -> usize {
        self.cur.len()
    }

    /// Adds a copy of this page's items from `mark` on, turned half a
    /// circle about (`cx`, `cy`): what a folded card shows upside down.
    pub(super) fn turn_copy(&mut self, mark: usize, cx: f32, cy: f32) {
        let turned: Vec<Item> = self.cur[mark..]
            .iter()
            .map(|i| match i.clone() {
                Item::Text {
                    x,
                    y,
                    size,
                    bold,
                    gray,
                    text,
                    turned,
                } => Item::Text {
                    x: 2.0 * cx - x,
                    y: 2.0 * cy - y,
                    size,
                    bold,
                    gray,
                    text,
                    turned: !turned,
                },
                Item::Fill { x, y, w, h, gray } => Item::Fill {
                    x: 2.0 * cx - x - w,
                    y: 2.0 * cy - y - h,
                    w,
                    h,
                    gray,
                },
                Item::Line {
                    x1,
                    y1,
                    x2,
                    y2,
                    width,
                    dashed,
                } => Item::Line {
                    x1: 2.0 * cx - x1,
                    y1: 2.0 * cy - y1,
                    x2: 2.0 * cx - x2,
                    y2: 2.0 * cy - y2,
                    width,
                    dashed,
                },
            })
            .collect();
        self.cur.extend(turned);
    }

    /// A dashed rule (where a card is folded).
    pub(super) fn dashed(&mut self, x1: f32, y1: f32, x2: f32, y2: f32) {
        self.push(Item::Line {
            x1,
            y1,
            x2,
            y2,
            width: 0.4,
            dashed: true,
        });
    }

    /// A rectangle's outline.
    pub(super) fn frame(&mut self, x: f32, y: f32, w: f32, h: f32) {
        self.line(x, y, x + w, y, RULE);
        self.line(x, y + h, x + w, y + h, RULE);
        self.line(x, y, x, y + h, RULE);
        self.line(x + w, y, x + w, y + h, RULE);
    }

    /// The pages with their furniture: the document's title and the club
    /// at the top, the imprint's print date and `第N/M页` at the bottom.
    pub(super) fn finish(mut self, doc: &Doc) -> Vec<Page> {
        if !self.cur.is_empty() || self.pages.is_empty() {
            self.pages.push(std::mem::take(&mut self.cur));
        }
        let n = self.pages.len();
        let g = self.g;
        let (w, h) = (self.width, self.height);
        let (left, right) = (MARGIN_SIDE, w - MARGIN_SIDE);
        let imprint = doc.imprint();
        let club = imprint.and_then(|i| i.club.clone()).unwrap_or_default();
        let foot = imprint.map(|i| i.printed.clone()).unwrap_or_default();
        let head_y = MARGIN_TOP - 5.0 * MM;
        let foot_y = h - MARGIN_BOTTOM + 8.0 * MM;
        let text = |x: f32, y: f32, s: String| Item::Text {
            x,
            y,
            size: FURNITURE,
            bold: false,
            gray: 0.25,
            text: s,
            turned: false,
        };
        self.pages
            .into_iter()
            .enumerate()
            .map(|(i, mut items)| {
                let page =
                    crate::i18n::msg!("rep.page", page = format!("{}/{n}", i + 1)).render(doc.lang);
                let pw = measure(g, &page, FURNITURE);
                let cw = measure(g, &club, FURNITURE).min((right - left) / 3.0);
                let club = fit_width(g, &club, FURNITURE, cw);
                let title_w = (right - left) - cw - 6.0 * MM;
                let title = fit_width(g, &doc.title, FURNITURE, title_w);
                let foot = fit_width(g, &foot, FURNITURE, (right - left) - pw - 6.0 * MM);
                let mut furniture = vec![
                    text(left, head_y, title),
                    text(right - measure(g, &club, FURNITURE), head_y, club),
                    Item::Line {
                        x1: left,
                        y1: head_y + 2.0 * MM,
                        x2: right,
                        y2: head_y + 2.0 * MM,
                        width: 0.3,
                        dashed: false,
                    },
                    text(left, foot_y, foot),
                    text(right - pw, foot_y, page),
                ];
                furniture.retain(|i| !matches!(i, Item::Text { text, .. } if text.is_empty()));
                furniture.append(&mut items);
                Page {
                    width: w,
                    height: h,
                    items: furniture,
                }
            })
            .collect()
    }
}

/// Control characters (tabs, newlines) print as spaces.
pub(super) fn clean(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}
