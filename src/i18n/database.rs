//! Texts of the database and files: output files, the database's state
//! (busy, read-only, full, foreign, damaged), undo/redo and input limits.

use super::Text;

pub(super) static TEXTS: &[Text] = &[
    // The database's state
    (
        "note.store.waiting",
        "数据库正被另一个 qishe 使用; 等待中…",
        "資料庫正被另一個 qishe 使用; 等待中…",
        "the database is in use by another qishe; waiting…",
    ),
    (
        "err.store.busy",
        "数据库正被另一个 qishe 使用; 已等待 {secs} 秒; 没有做任何修改, 请等它完成后再试",
        "資料庫正被另一個 qishe 使用; 已等待 {secs} 秒; 沒有做任何修改, 請等它完成後再試",
        "the database is in use by another qishe; waited {secs} s; nothing was changed, try again when it is done",
    ),
    (
        "err.store.read_only",
        "数据库在此为只读 (文件或文件夹不可写); 可以查看, 不能修改",
        "資料庫在此為唯讀 (檔案或資料夾不可寫); 可以查看, 不能修改",
        "the database is read-only here (file or folder not writable); reading works, changes are refused",
    ),
    (
        "err.store.disk_full",
        "磁盘已满; 没有写入任何内容",
        "磁碟已滿; 沒有寫入任何內容",
        "disk full; nothing was written",
    ),
    (
        "err.store.damaged",
        "数据库已损坏 ({detail}); 请运行 qishe check, 或恢复备份 (qishe restore 备份文件)",
        "資料庫已損壞 ({detail}); 請執行 qishe check, 或還原備份 (qishe restore 備份檔)",
        "the database is damaged ({detail}); run qishe check, or restore a backup (qishe restore BACKUP)",
    ),
    (
        "err.store.why.empty_file",
        "空文件; qishe init 可把它建成新的俱乐部",
        "空檔案; qishe init 可把它建成新的俱樂部",
        "an empty file; qishe init makes it a new club",
    ),
    (
        "err.store.why.not_sqlite",
        "根本不是数据库文件",
        "根本不是資料庫檔案",
        "not a database file at all",
    ),
    (
        "err.store.why.unreadable",
        "是 SQLite 文件, 但已损坏到无法读取",
        "是 SQLite 檔案, 但已損壞到無法讀取",
        "a SQLite file, but damaged past reading",
    ),
    (
        "err.store.why.version",
        "数据库版本号 {version}",
        "資料庫版本號 {version}",
        "schema version {version}",
    ),
    (
        "err.store.why.other_tables",
        "其中是别的程序的数据表: {tables}",
        "其中是別的程式的資料表: {tables}",
        "it holds other tables ({tables})",
    ),
    (
        "err.store.why.table_missing",
        "缺少数据表 {table}",
        "缺少資料表 {table}",
        "the table {table} is missing",
    ),
    (
        "err.store.not_ours",
        "{path} 不是 qishe 俱乐部数据库 ({detail}); 文件未作任何改动",
        "{path} 不是 qishe 俱樂部資料庫 ({detail}); 檔案未作任何改動",
        "{path} is not a qishe club database ({detail}); it was left untouched",
    ),
    // Input files
    (
        "err.in.read",
        "无法读取 {path}: {why}",
        "無法讀取 {path}: {why}",
        "cannot read {path}: {why}",
    ),
    (
        "err.in.not_regular",
        "{path} 是{is}, 不是普通文件; 请给出{what}",
        "{path} 是{is}, 不是一般檔案; 請給出{what}",
        "{path} is {is}, not a regular file; name a {what}",
    ),
    (
        "err.in.too_big",
        "{path} 超过 {mb} MB, 不是{what}",
        "{path} 超過 {mb} MB, 不是{what}",
        "{path} is larger than {mb} MB; not a {what}",
    ),
    (
        "err.in.record_outside",
        "棋谱路径 \"{path}\" 须是 CSV 所在文件夹内的相对路径",
        "棋譜路徑 \"{path}\" 須是 CSV 所在資料夾內的相對路徑",
        "the record path \"{path}\" must be a relative path inside the CSV's folder",
    ),
    (
        "err.store.damaged_refuses",
        "qishe check 发现数据库已损坏; 在检查通过 (或恢复备份) 之前不接受修改",
        "qishe check 發現資料庫已損壞; 在檢查通過 (或還原備份) 之前不接受修改",
        "qishe check found the database damaged; changes are refused until a check passes (or a backup is restored)",
    ),
    (
        "err.csv.workbook",
        "这是 Excel 工作簿 (.{kind}), 不是 CSV 文件; 请在 Excel 中用 \"另存为\" 存成 \"CSV UTF-8 (逗号分隔)\" 再导入",
        "這是 Excel 活頁簿 (.{kind}), 不是 CSV 檔案; 請在 Excel 中用 \"另存新檔\" 存成 \"CSV UTF-8 (逗號分隔)\" 再匯入",
        "this is an Excel workbook (.{kind}), not a CSV file; in Excel, use Save As \"CSV UTF-8 (Comma delimited)\" and import that",
    ),
    (
        "err.csv.binary",
        "这不是文本文件 (含有二进制数据; 开头字节 {bytes}), 不能作为 CSV 读取",
        "這不是文字檔 (含有二進位資料; 開頭位元組 {bytes}), 不能作為 CSV 讀取",
        "this is no text file (binary data; first bytes {bytes}) and cannot be read as CSV",
    ),
    (
        "err.csv.unterminated_quote",
        "这一行的引号 \" 直到文件末尾都没有闭合",
        "這一行的引號 \" 直到檔案結尾都沒有閉合",
        "the quote \" opened on this line is never closed",
    ),
    // Limits
    (
        "err.limit.range",
        "{what} 为 {value}, 超出范围 ({min}–{max})",
        "{what} 為 {value}, 超出範圍 ({min}–{max})",
        "{what} {value} is out of range ({min}–{max})",
    ),
    (
        "err.limit.text",
        "{what} 有 {chars} 个字, 最多 {max} 个",
        "{what} 有 {chars} 個字, 最多 {max} 個",
        "{what} has {chars} characters; at most {max}",
    ),
    // Undo and redo
    (
        "err.store.nothing_to_redo",
        "没有可重做的操作 (撤销之后又有新的修改时, 无法重做)",
        "沒有可重做的操作 (撤銷之後又有新的修改時, 無法重做)",
        "there is nothing to redo (a change made after an undo ends what can be redone)",
    ),
    // Output files
    (
        "err.out.is_database",
        "{path} 是打开的俱乐部数据库 {db} (或其附属文件), 不能作为输出文件; 请另选文件名",
        "{path} 是開啟中的俱樂部資料庫 {db} (或其附屬檔案), 不能作為輸出檔案; 請另選檔名",
        "{path} is the open club database {db} (or one of its files) and is never overwritten; choose another output file",
    ),
    (
        "err.out.is_input",
        "{path} 是本命令读取的文件, 不能同时作为输出; 请另选文件名",
        "{path} 是本命令讀取的檔案, 不能同時作為輸出; 請另選檔名",
        "{path} is an input of this command and is never overwritten; choose another output file",
    ),
    (
        "err.out.exists",
        "{path} 已存在; 要覆盖请加 --force, 或另选文件名",
        "{path} 已存在; 要覆蓋請加 --force, 或另選檔名",
        "{path} exists; add --force to replace it, or choose another file name",
    ),
    (
        "err.out.is_dir",
        "{path} 是一个文件夹; 请给出文件名",
        "{path} 是一個資料夾; 請給出檔名",
        "{path} is a folder; name a file",
    ),
    (
        "err.out.disk_full",
        "磁盘已满; 没有写入任何内容 ({path})",
        "磁碟已滿; 沒有寫入任何內容 ({path})",
        "disk full; nothing was written ({path})",
    ),
    (
        "err.out.write",
        "无法写入 {path}: {why}",
        "無法寫入 {path}: {why}",
        "cannot write {path}: {why}",
    ),
];
