//! Texts of the third printing pass: PDF documents, printing on every
//! platform, the club's identity on every page.

use super::Text;

pub(super) static TEXTS: &[Text] = &[
    (
        "err.config.font_twice",
        "font 和 png_font 是同一个设置 (png_font 是旧名), 只写一个",
        "font 和 png_font 是同一個設定 (png_font 是舊名), 只寫一個",
        "font and png_font are one setting (png_font is its old name): write only one",
    ),
    (
        "err.config.unknown_paper",
        "未知的纸张 \"{value}\": 用 a4 或 letter",
        "未知的紙張 \"{value}\": 用 a4 或 letter",
        "unknown paper \"{value}\": use a4 or letter",
    ),
    ("rep.imprint.club", "棋社", "棋社", "Club"),
    ("rep.imprint.organiser", "主办单位", "主辦單位", "Organiser"),
    ("rep.imprint.venue", "比赛地点", "比賽地點", "Venue"),
    ("rep.imprint.chief_arbiter", "裁判长", "裁判長", "Chief arbiter"),
    ("rep.imprint.deputy_arbiters", "副裁判长", "副裁判長", "Deputy arbiters"),
    ("rep.imprint.printed", "打印日期: {date}", "列印日期: {date}", "Printed {date}"),
    (
        "err.app.pdf_failed",
        "无法生成 PDF (字体 {path}): {why}",
        "無法產生 PDF (字型 {path}): {why}",
        "cannot make the PDF (font {path}): {why}",
    ),
    (
        "cli.pdf.missing",
        "注意: 字体 {path} 缺少这些字, 印成空框: {chars}",
        "注意: 字型 {path} 缺少這些字, 印成空框: {chars}",
        "note: the font {path} has no glyphs for these characters, printed as empty boxes: {chars}",
    ),
    (
        "print.no_printer_pdf_written",
        "这台电脑上没有可用的打印方式 ({why}); PDF 已写入 {path}, 请打开后打印",
        "這台電腦上沒有可用的列印方式 ({why}); PDF 已寫入 {path}, 請開啟後列印",
        "no way to print on this computer ({why}); the PDF was written to {path}: open it and print it",
    ),
    (
        "print.sent_to",
        "已送打印机 {printer}: {job}",
        "已送印表機 {printer}: {job}",
        "sent to {printer}: {job}",
    ),
    (
        "err.app.pdf_is_bytes",
        "PDF 要用字体生成, 请用 App::render_bytes",
        "PDF 要用字型產生, 請用 App::render_bytes",
        "a PDF is made with a font: use App::render_bytes",
    ),
    (
        "err.cli.pdf_needs_output",
        "--format pdf 需要 -o 文件名 (如 -o 第3轮.pdf) 或 --printer",
        "--format pdf 需要 -o 檔名 (如 -o 第3輪.pdf) 或 --printer",
        "--format pdf needs -o FILE (e.g. -o round3.pdf) or --printer",
    ),
    (
        "err.app.identity_value",
        "\"{value}\" 太长或含控制字符 (最多 200 字)",
        "\"{value}\" 太長或含控制字元 (最多 200 字)",
        "\"{value}\" is too long or holds control characters (200 characters at most)",
    ),
    (
        "rep.text.wide",
        "本表宽 {n} 列: 请横向打印 (或用 --width 指定宽度)",
        "本表寬 {n} 欄: 請橫向列印 (或用 --width 指定寬度)",
        "This table is {n} columns wide: print it across the page (or choose a width with --width)",
    ),
    ("rep.site.river_chu", "楚河", "楚河", "楚河"),
    ("rep.site.river_han", "汉界", "漢界", "汉界"),
    ("rep.site.nav_event", "赛事", "賽事", "Event"),
    ("rep.site.nav_rounds", "轮次", "輪次", "Rounds"),
    ("rep.site.nav_standings", "名次", "名次", "Standings"),
    ("rep.site.nav_crosstable", "交叉表", "交叉表", "Crosstable"),
    ("rep.site.nav_bracket", "对阵图", "對陣圖", "Bracket"),
    ("print.default_printer", "默认打印机", "預設印表機", "the default printer"),
    (
        "log.event_identity",
        "修改赛事 {name} 的主办单位、地点和裁判",
        "修改賽事 {name} 的主辦單位、地點和裁判",
        "event {name}: organiser, venue and arbiters",
    ),
];
