//! Texts of input and output files and their limits: the one door for
//! input files, the one writer of output files, limits on names, a change
//! made while a round is paired, restoring a backup.

use super::Text;

pub(super) static TEXTS: &[Text] = &[
    // Files as messages name them
    ("file.path", "{path}", "{path}", "{path}"),
    ("err.config.in_file", "{file}: {why}", "{file}: {why}", "{file}: {why}"),
    (
        "file.link_to",
        "{path} (指向 {target} 的链接)",
        "{path} (指向 {target} 的連結)",
        "{path} (a link to {target})",
    ),
    ("file.kind.members", "会员 CSV 文件", "會員 CSV 檔案", "members CSV file"),
    ("file.kind.games", "对局 CSV 文件", "對局 CSV 檔案", "games CSV file"),
    ("file.kind.teams", "队伍 CSV 文件", "隊伍 CSV 檔案", "teams CSV file"),
    ("file.kind.trf", "TRF 文件", "TRF 檔案", "TRF file"),
    ("file.kind.record", "棋谱文件", "棋譜檔案", "game-record file"),
    ("file.kind.config", "配置文件 config.toml", "設定檔 config.toml", "config.toml file"),
    ("file.kind.font", "字体文件", "字型檔案", "font file"),
    ("file.kind.database", "俱乐部数据库文件", "俱樂部資料庫檔案", "club database file"),
    ("file.is.folder", "一个文件夹", "一個資料夾", "a folder"),
    ("file.is.pipe", "一个管道", "一個管道", "a pipe"),
    ("file.is.device", "一个设备", "一個裝置", "a device"),
    (
        "err.in.not_utf8",
        "{path} 不是 UTF-8 文本 (第 {at} 字节起)",
        "{path} 不是 UTF-8 文字 (第 {at} 位元組起)",
        "{path} is not UTF-8 text (from byte {at})",
    ),
    // Output files
    (
        "err.out.link",
        "{path} 是一个符号链接; qishe 从不通过链接写文件 (请删除该链接, 或直接给出它指向的文件)",
        "{path} 是一個符號連結; qishe 從不透過連結寫檔案 (請刪除該連結, 或直接給出它指向的檔案)",
        "{path} is a symbolic link; qishe never writes through a link (remove the link, or name the file it points to)",
    ),
    (
        "err.out.not_a_file",
        "{path} 不是文件 (是设备或管道); 请给出一个新文件名",
        "{path} 不是檔案 (是裝置或管道); 請給出一個新檔名",
        "{path} is not a file (a device or a pipe); name a new file",
    ),
    (
        "err.out.not_a_folder",
        "{path} 不是文件夹",
        "{path} 不是資料夾",
        "{path} is not a folder",
    ),
    // Races
    (
        "err.store.changed",
        "编排这一轮期间赛事被修改了 (退赛、补报名或成绩); 没有保存任何内容, 请重新编排",
        "編排這一輪期間賽事被修改了 (退賽、補報名或成績); 沒有儲存任何內容, 請重新編排",
        "the event changed while its round was being paired (a withdrawal, a late entry, a result); nothing was stored, pair again",
    ),
    (
        "err.store.board_gone",
        "该台次已不存在 (其轮次刚被撤销); 没有保存任何内容",
        "該台次已不存在 (其輪次剛被撤銷); 沒有儲存任何內容",
        "the board is no longer there (its round was unpaired or undone meanwhile); nothing was stored",
    ),
    (
        "err.app.nobody_to_pair",
        "{event} 第 {round} 轮: 没有可编排的棋手 (无人报名或全部缺席); 没有保存任何内容",
        "{event} 第 {round} 輪: 沒有可編排的棋手 (無人報名或全部缺席); 沒有儲存任何內容",
        "round {round} of {event}: nobody to pair (no player entered or available); nothing was stored",
    ),
    // Limits: what a limit speaks of (its English is the code the limits use)
    ("limit.field.name", "姓名", "姓名", "name"),
    ("limit.field.event", "赛事名称", "賽事名稱", "event"),
    ("limit.field.team", "队名", "隊名", "team"),
    ("limit.field.club", "单位", "單位", "club"),
    ("limit.field.captain", "队长", "隊長", "captain"),
    ("limit.field.id", "编号", "編號", "id"),
    ("limit.field.born", "出生年份", "出生年份", "born"),
    ("limit.field.rating", "等级分", "等級分", "rating"),
    ("limit.field.rounds", "轮数", "輪數", "rounds"),
    ("limit.field.red", "红方", "紅方", "red"),
    ("limit.field.black", "黑方", "黑方", "black"),
    ("limit.field.red_base", "红方基本用时 (毫秒)", "紅方基本用時 (毫秒)", "red base time (ms)"),
    ("limit.field.black_base", "黑方基本用时 (毫秒)", "黑方基本用時 (毫秒)", "black base time (ms)"),
    ("limit.field.increment", "每步加秒 (毫秒)", "每步加秒 (毫秒)", "increment (ms)"),
    ("limit.field.red_clock", "红方用时 (毫秒)", "紅方用時 (毫秒)", "red clock (ms)"),
    ("limit.field.black_clock", "黑方用时 (毫秒)", "黑方用時 (毫秒)", "black clock (ms)"),
    ("limit.field.red_fouls", "红方犯规次数", "紅方犯規次數", "red fouls"),
    ("limit.field.black_fouls", "黑方犯规次数", "黑方犯規次數", "black fouls"),
    ("limit.field.moves", "回合数", "回合數", "moves"),
    ("limit.field.other", "{what}", "{what}", "{what}"),
    (
        "err.limit.control",
        "{what} 含有控制字符 ({code}); 名字不能含控制字符、换行或 NUL 字节",
        "{what} 含有控制字元 ({code}); 名字不能含控制字元、換行或 NUL 位元組",
        "{what} holds a control character ({code}); names cannot hold control characters, line breaks or NUL bytes",
    ),
    (
        "err.limit.blank",
        "{what} 为空",
        "{what} 為空",
        "{what} is blank",
    ),
    (
        "err.app.trf_at",
        "{file} 第 {line} 行: {why}",
        "{file} 第 {line} 行: {why}",
        "{file}, line {line}: {why}",
    ),
    // config.toml
    (
        "err.config.bare_cr",
        "回车符 (CR) 后面没有换行符: 请以 LF 或 CRLF 换行保存文件",
        "歸位字元 (CR) 後面沒有換行字元: 請以 LF 或 CRLF 換行儲存檔案",
        "a carriage return (CR) without a line feed: save the file with LF or CRLF line ends",
    ),
    (
        "err.config.control",
        "config.toml 中不允许控制字符 ({code})",
        "config.toml 中不允許控制字元 ({code})",
        "a control character ({code}) is not allowed in config.toml",
    ),
    // Game records
    (
        "note.record.too_deep",
        "{game}: {dropped} 个嵌套超过 {max} 层的变着未读入",
        "{game}: {dropped} 個巢狀超過 {max} 層的變著未讀入",
        "{game}: {dropped} variation(s) nested deeper than {max} levels left out",
    ),
    // Restore
    (
        "err.restore.not_a_file",
        "{path} 不是备份文件 (不是普通文件)",
        "{path} 不是備份檔 (不是一般檔案)",
        "{path} is not a backup file (not a regular file)",
    ),
    (
        "err.restore.same_file",
        "{path} 就是俱乐部数据库本身",
        "{path} 就是俱樂部資料庫本身",
        "{path} is the club database itself",
    ),
    (
        "cli.restore.question",
        "用备份 {backup} ({members} 名会员, {events} 项赛事, 最后修改 {when}) 替换俱乐部 {db}? 现在的俱乐部将保存为 {saved}。[y/N] ",
        "用備份 {backup} ({members} 名會員, {events} 項賽事, 最後修改 {when}) 取代俱樂部 {db}? 現在的俱樂部將儲存為 {saved}。[y/N] ",
        "Replace the club {db} with the backup {backup} ({members} members, {events} events, last change {when})? The club as it is now is kept as {saved}. [y/N] ",
    ),
    (
        "cli.restore.needs_yes",
        "restore 会替换整个俱乐部; 没有终端可以询问, 请加 --yes",
        "restore 會取代整個俱樂部; 沒有終端機可以詢問, 請加 --yes",
        "restore replaces the whole club; there is no terminal to ask, add --yes",
    ),
    (
        "cli.tui.needs_terminal",
        "不带命令运行 qishe 会打开屏幕界面, 这需要终端; 在脚本或管道中请给出命令 (qishe --help 列出全部命令)",
        "不帶命令執行 qishe 會開啟畫面介面, 這需要終端機; 在腳本或管線中請給出命令 (qishe --help 列出全部命令)",
        "qishe without a command opens its screens, which need a terminal; from a script or a pipe give a command (qishe --help lists them)",
    ),
    (
        "cli.restore.cancelled",
        "已取消; 没有做任何修改",
        "已取消; 沒有做任何修改",
        "cancelled; nothing was changed",
    ),
    (
        "cli.restore.done",
        "俱乐部 {db} 已从 {backup} 恢复; 原来的俱乐部保存为 {saved}",
        "俱樂部 {db} 已從 {backup} 還原; 原來的俱樂部儲存為 {saved}",
        "the club {db} is restored from {backup}; the club as it was is kept as {saved}",
    ),
    ("cli.restore.never", "从未", "從未", "never"),
    (
        "tui.print.doc.restore",
        "用备份恢复整个棋社 (路径: 备份文件)",
        "用備份還原整個棋社 (路徑: 備份檔)",
        "restore the whole club from a backup (path: the backup file)",
    ),
    (
        "tui.restore.question",
        "用备份 {backup} ({members} 名会员, {events} 项赛事, 最后修改 {when}) 替换俱乐部 {db}? 现在的俱乐部会先保存在旁边。",
        "用備份 {backup} ({members} 名會員, {events} 項賽事, 最後修改 {when}) 取代俱樂部 {db}? 現在的俱樂部會先儲存在旁邊。",
        "Replace the club {db} with the backup {backup} ({members} members, {events} events, last change {when})? The club as it is now is kept beside it first.",
    ),
    (
        "tui.restore.needs_path",
        "请在“路径”中填写备份文件",
        "請在「路徑」中填寫備份檔",
        "name the backup file in the path field",
    ),
    (
        "tui.restore.no_file",
        "这个俱乐部没有数据库文件, 无法恢复",
        "這個俱樂部沒有資料庫檔案, 無法還原",
        "this club has no database file to restore",
    ),
];
