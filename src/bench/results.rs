//! A run's rows on disk (issue 53): the CSV is written a row at a time as
//! cells finish, so an interrupted run keeps every finished cell, and read
//! back to resume the run (`--resume`) or to report on it (`--import`).
//!
//! Invariants: a CSV holds one header, the one [`Row`] serializes to; a
//! resumed run appends to it only if its header is that one (a CSV of
//! another ufo version is refused, not mixed); a row is written whole and
//! flushed before the next cell's row. A cell whose process was stopped by
//! an interrupt (SIGINT, SIGTERM: the user's Ctrl-C reaches the children
//! too) is not finished: it runs again on resume.

use super::score::{Row, Status};
use crate::error::{Error, Result};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

/// The CSV header of [`Row`].
pub fn header() -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    // serializing a default row writes the header first
    let _ = w.serialize(Row::default());
    let bytes = w.into_inner().unwrap_or_default();
    String::from_utf8_lossy(&bytes).lines().next().unwrap_or_default().to_string()
}

/// The rows of a CSV `ufo bench --csv` wrote (of this version; columns
/// added since are empty in an older file's rows).
pub fn read_csv(path: &Path) -> Result<Vec<Row>> {
    let mut r = csv::Reader::from_path(path).map_err(|e| Error::input(path.display().to_string(), e.to_string()))?;
    let mut rows = Vec::new();
    for (i, row) in r.deserialize::<Row>().enumerate() {
        rows.push(row.map_err(|e| Error::input(path.display().to_string(), format!("line {}: {e}", i + 2)))?);
    }
    Ok(rows)
}

/// Whether a row is a finished cell: not one an interrupt stopped.
pub fn finished(r: &Row) -> bool {
    !(r.status == Status::Unknown && ["killed by signal 2", "killed by signal 15"].contains(&r.reason.as_str()))
}

/// The CSV a run appends its rows to.
pub struct RowLog {
    file: Mutex<File>,
}

impl RowLog {
    /// Creates `path` with the header, or with `append` opens it to add
    /// rows (an empty or missing file gets the header; a file with another
    /// header is refused).
    pub fn open(path: &Path, append: bool) -> Result<RowLog> {
        let err = |e: std::io::Error| Error::Usage(format!("cannot write {}: {e}", path.display()));
        let existing = if append { std::fs::read_to_string(path).unwrap_or_default() } else { String::new() };
        let head = header();
        same_columns(path, &existing)?;
        let mut file =
            OpenOptions::new().create(true).append(append).write(true).truncate(!append).open(path).map_err(err)?;
        if existing.trim().is_empty() {
            writeln!(file, "{head}").map_err(err)?;
        } else if !existing.ends_with('\n') {
            // a row torn by an interrupt: end it, so the next starts a line
            // (the reader then reports the torn line; `--resume` drops it)
            writeln!(file).map_err(err)?;
        }
        Ok(RowLog { file: Mutex::new(file) })
    }

    /// Appends one row and flushes it.
    pub fn write(&self, r: &Row) -> std::io::Result<()> {
        let mut w = csv::WriterBuilder::new().has_headers(false).from_writer(Vec::new());
        w.serialize(r).map_err(std::io::Error::other)?;
        let bytes = w.into_inner().map_err(|e| std::io::Error::other(e.to_string()))?;
        let mut f = self.file.lock().unwrap_or_else(|e| e.into_inner());
        f.write_all(&bytes)?;
        f.flush()
    }
}

/// Refuses a CSV whose header is not [`header`] (`text` is its contents;
/// an empty one has none to refuse).
fn same_columns(path: &Path, text: &str) -> Result<()> {
    match text.lines().next() {
        Some(first) if first != header() => Err(Error::input(
            path.display().to_string(),
            "its columns are not the ones this ufo writes (another version's results?): resume into a new file"
                .to_string(),
        )),
        _ => Ok(()),
    }
}

/// The rows to resume from: those of `path` (none if it does not exist),
/// the unfinished and torn ones dropped; the file is rewritten without them.
pub fn resume_from(path: &Path) -> Result<Vec<Row>> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = std::fs::read_to_string(path).map_err(|e| Error::input(path.display().to_string(), e.to_string()))?;
    let head = header();
    same_columns(path, &text)?;
    let mut rows = Vec::new();
    let mut r = csv::ReaderBuilder::new().flexible(true).from_reader(text.as_bytes());
    // a line torn by an interrupt does not parse: that cell runs again
    for row in r.deserialize::<Row>().flatten() {
        if finished(&row) {
            rows.push(row);
        }
    }
    let mut w = csv::Writer::from_writer(Vec::new());
    for row in &rows {
        w.serialize(row).map_err(|e| Error::Usage(format!("cannot write {}: {e}", path.display())))?;
    }
    let mut bytes = w.into_inner().map_err(|e| Error::Usage(format!("cannot write {}: {e}", path.display())))?;
    if rows.is_empty() {
        bytes = format!("{head}\n").into_bytes();
    }
    std::fs::write(path, bytes).map_err(|e| Error::Usage(format!("cannot write {}: {e}", path.display())))?;
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::super::score::tests::row;
    use super::super::score::Answer;
    use super::*;

    #[test]
    fn rows_written_one_at_a_time_read_back_and_an_interrupted_cell_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("r.csv");
        let log = RowLog::open(&csv, false).unwrap();
        let mut a = row("loops/a", true, Answer::Safe, Status::Answered, 1.5);
        a.ub = Some("signed-overflow: x, at a.c:3".into());
        let mut b = row("loops/b", false, Answer::Unknown, Status::Unknown, 0.2);
        b.reason = "killed by signal 2".into();
        log.write(&a).unwrap();
        log.write(&b).unwrap();
        drop(log);
        let back = read_csv(&csv).unwrap();
        assert_eq!(back.len(), 2);
        assert_eq!(
            (back[0].task.as_str(), back[0].verdict, back[0].ub.as_deref()),
            ("loops/a", Answer::Safe, a.ub.as_deref())
        );
        assert_eq!(back[1].reason, "killed by signal 2");
        // a torn last line, as an interrupt leaves it
        let mut text = std::fs::read_to_string(&csv).unwrap();
        text.push_str("loops/c,loops,ufo,tr");
        std::fs::write(&csv, text).unwrap();
        let kept = resume_from(&csv).unwrap();
        assert_eq!(kept.iter().map(|r| r.task.as_str()).collect::<Vec<_>>(), ["loops/a"]);
        // the file now holds the kept rows only; appending goes on from there
        let log = RowLog::open(&csv, true).unwrap();
        log.write(&row("loops/c", true, Answer::Safe, Status::Answered, 2.0)).unwrap();
        drop(log);
        let all = read_csv(&csv).unwrap();
        assert_eq!(all.iter().map(|r| r.task.as_str()).collect::<Vec<_>>(), ["loops/a", "loops/c"]);
    }

    #[test]
    fn a_csv_with_other_columns_is_refused_for_resuming() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("old.csv");
        std::fs::write(&csv, "task,category,tool\nx/y,x,ufo\n").unwrap();
        let e = resume_from(&csv).unwrap_err().to_string();
        assert!(e.contains("old.csv") && e.contains("columns"), "{e}");
        assert!(RowLog::open(&csv, true).is_err());
        assert!(resume_from(&dir.path().join("none.csv")).unwrap().is_empty());
    }
}
