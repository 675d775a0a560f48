//! Reading a benchmark set: a `tasks.tsv` as in `../shared/bench/sv/` (one row
//! per SV-COMP verification task: `task`, `program` relative to the file,
//! `expected` `true`/`false` for the reachability property, `data_model`).

use crate::error::{Error, Result};
use crate::frontend::DataModel;
use std::path::{Path, PathBuf};

/// One verification task.
#[derive(Clone, Debug)]
pub struct Task {
    /// `category/name`, as in the file.
    pub name: String,
    /// The part of the name before the first `/` (SV-COMP's directory).
    pub category: String,
    pub program: PathBuf,
    /// `true`: the error is unreachable (SAFE); `false`: it is reachable.
    pub expected_safe: bool,
    pub data_model: DataModel,
}

impl Task {
    pub fn expected_str(&self) -> &'static str {
        if self.expected_safe {
            "true"
        } else {
            "false"
        }
    }
}

fn column(headers: &csv::StringRecord, name: &str, file: &Path) -> Result<usize> {
    headers
        .iter()
        .position(|h| h == name)
        .ok_or_else(|| Error::input(file.display().to_string(), format!("no column `{name}` in the header")))
}

/// Reads the tasks whose name matches `filter`; programs are resolved relative to
/// the file's directory.
pub fn read(file: &Path, filter: Option<&regex::Regex>) -> Result<Vec<Task>> {
    let name = file.display().to_string();
    let text = std::fs::read_to_string(file).map_err(|e| Error::input(&name, e.to_string()))?;
    let base = file.parent().unwrap_or(Path::new("."));
    let mut rd = csv::ReaderBuilder::new().delimiter(b'\t').flexible(true).from_reader(text.as_bytes());
    let headers = rd.headers().map_err(|e| Error::input(&name, e.to_string()))?.clone();
    let (c_task, c_prog, c_exp) =
        (column(&headers, "task", file)?, column(&headers, "program", file)?, column(&headers, "expected", file)?);
    let c_dm = headers.iter().position(|h| h == "data_model");
    let mut tasks = Vec::new();
    for (i, rec) in rd.records().enumerate() {
        let line = i + 2;
        let rec = rec.map_err(|e| Error::input(&name, format!("line {line}: {e}")))?;
        let field = |c: usize| rec.get(c).unwrap_or("").trim();
        let task = field(c_task).to_string();
        if task.is_empty() || filter.is_some_and(|f| !f.is_match(&task)) {
            continue;
        }
        let expected_safe = match field(c_exp) {
            "true" => true,
            "false" => false,
            other => {
                return Err(Error::input(&name, format!("line {line}: expected must be true or false, not `{other}`")))
            }
        };
        let data_model = match c_dm.map(field) {
            Some("ILP32") => DataModel::Ilp32,
            Some("LP64") | None | Some("") => DataModel::Lp64,
            Some(other) => {
                return Err(Error::input(
                    &name,
                    format!("line {line}: data_model must be ILP32 or LP64, not `{other}`"),
                ))
            }
        };
        tasks.push(Task {
            category: task.split('/').next().unwrap_or(&task).to_string(),
            program: base.join(field(c_prog)),
            name: task,
            expected_safe,
            data_model,
        });
    }
    Ok(tasks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_rows_filters_and_resolves_paths() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("tasks.tsv");
        std::fs::write(
            &f,
            "task\tprogram\texpected\tdata_model\nloops/a\tloops/a.c\ttrue\tILP32\nlocks/b\tlocks/b.c\tfalse\tLP64\n",
        )
        .unwrap();
        let all = read(&f, None).unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].category, "loops");
        assert!(all[0].expected_safe && !all[1].expected_safe);
        assert_eq!(all[0].data_model, DataModel::Ilp32);
        assert_eq!(all[1].program, dir.path().join("locks/b.c"));
        let re = regex::Regex::new("^locks/").unwrap();
        let some = read(&f, Some(&re)).unwrap();
        assert_eq!(some.len(), 1);
        assert_eq!(some[0].name, "locks/b");
    }

    #[test]
    fn bad_rows_name_the_line() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("t.tsv");
        std::fs::write(&f, "task\tprogram\texpected\na\ta.c\tmaybe\n").unwrap();
        let e = read(&f, None).unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("maybe"), "{e}");
        std::fs::write(&f, "task\tfile\n").unwrap();
        assert!(read(&f, None).unwrap_err().to_string().contains("program"));
    }
}
