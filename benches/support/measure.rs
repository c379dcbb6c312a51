//! What the Dutch bench and the `open_round` example measure beside
//! criterion's wall time, on a shared machine (Linux `/proc`): this
//! thread's CPU time and the process's peak memory.

/// This thread's CPU time so far (user + system), from
/// `/proc/thread-self/stat` (clock ticks of 10 ms).
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// The process's peak resident memory so far (`VmHWM`), in MB: the
/// bench runs sizes smallest first, so after each round it is that
/// round's peak or an earlier, smaller one's.
pub fn peak_mb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}
