//! Texts of the console qishe runs in (`cli/console.rs`).

use super::Text;

pub static TEXTS: &[Text] = &[(
    "cli.console.press_enter",
    "按回车键关闭此窗口。",
    "按 Enter 鍵關閉此視窗。",
    "Press Enter to close this window.",
)];
