//! Reading a benchmark set: a `tasks.tsv` as in `../shared/bench/sv/` (one row
//! per SV-COMP verification task: `task`, `program` relative to the file,
//! `expected` `true`/`false` for the task's property, `data_model`), and,
//! optionally, `property`: the task's SV-COMP property file relative to the
//! file (`properties/no-overflow.prp`), read for the property it states
//! ([`property_of`]); without it, `unreach-call`. A violated property may be
//! named in the expected verdict, as SV-COMP writes it: `false(valid-deref)`;
//! `false(valid-free|valid-memtrack)` names a task whose program violates
//! several (its label names one of them: bench/memsafety/README.md), and an
//! answer naming any of them is right.

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
    /// The expected verdict as written: `true`, `false`, `false(valid-deref)`.
    pub expected: String,
    pub data_model: DataModel,
    /// The property, as `ufo verify --property` takes it (`unreach-call`,
    /// `no-overflow`, ...).
    pub property: String,
    /// The SV-COMP task definition (`yml` column), which BenchExec reads.
    pub yml: Option<PathBuf>,
}

impl Task {
    pub fn expected_str(&self) -> &str {
        &self.expected
    }
}

/// The `--property` of the SV-COMP property file whose text is `prp`
/// (`CHECK( init(main()), LTL(G ! overflow) )` → `no-overflow`), if ufo
/// checks it; a file of several (`valid-memsafety.prp`: `valid-free`,
/// `valid-deref`, `valid-memtrack`) is one property.
pub fn property_of(prp: &str) -> Option<&'static str> {
    let formulas: Vec<&str> = prp.lines().filter_map(|l| l.split("LTL(").nth(1)).map(str::trim).collect();
    let all = |p: &dyn Fn(&str) -> bool| !formulas.is_empty() && formulas.iter().all(|f| p(f));
    if all(&|f| f.starts_with("G ! call(reach_error())")) {
        Some("unreach-call")
    } else if all(&|f| f.starts_with("G ! overflow")) {
        Some("no-overflow")
    } else if all(&|f| ["G valid-free", "G valid-deref", "G valid-memtrack"].iter().any(|p| f.starts_with(p))) {
        Some("memsafety")
    } else if all(&|f| f.starts_with("G valid-memcleanup")) {
        Some("memcleanup")
    } else {
        None
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
    let c_prp = headers.iter().position(|h| h == "property");
    let c_yml = headers.iter().position(|h| h == "yml");
    let mut properties: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    let mut tasks = Vec::new();
    for (i, rec) in rd.records().enumerate() {
        let line = i + 2;
        let rec = rec.map_err(|e| Error::input(&name, format!("line {line}: {e}")))?;
        let field = |c: usize| rec.get(c).unwrap_or("").trim();
        let task = field(c_task).to_string();
        if task.is_empty() || filter.is_some_and(|f| !f.is_match(&task)) {
            continue;
        }
        let expected = field(c_exp).to_string();
        let named = expected.strip_prefix("false(").and_then(|r| r.strip_suffix(')'));
        let expected_safe = match expected.as_str() {
            "true" => true,
            "false" => false,
            _ if named.is_some_and(|p| {
                p.split('|').all(|one| !one.is_empty() && one.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
            }) =>
            {
                false
            }
            other => {
                return Err(Error::input(
                    &name,
                    format!("line {line}: expected must be true, false or false(property), not `{other}`"),
                ))
            }
        };
        let property = match c_prp.map(field).filter(|p| !p.is_empty()) {
            None => "unreach-call".to_string(),
            Some(prp) => match properties.get(prp) {
                Some(p) => p.clone(),
                None => {
                    let path = base.join(prp);
                    let text = std::fs::read_to_string(&path)
                        .map_err(|e| Error::input(&name, format!("line {line}: {}: {e}", path.display())))?;
                    let p = property_of(&text).ok_or_else(|| {
                        Error::input(&name, format!("line {line}: {}: a property ufo does not check", path.display()))
                    })?;
                    properties.insert(prp.to_string(), p.to_string());
                    p.to_string()
                }
            },
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
            expected,
            data_model,
            property,
            yml: c_yml.map(field).filter(|y| !y.is_empty()).map(|y| base.join(y)),
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
    fn property_files_name_the_property_and_verdicts_the_violated_one() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("properties")).unwrap();
        let prp = |f: &str, text: &str| std::fs::write(dir.path().join("properties").join(f), text).unwrap();
        prp("no-overflow.prp", "CHECK( init(main()), LTL(G ! overflow) )\n");
        prp(
            "valid-memsafety.prp",
            "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\nCHECK( init(main()), LTL(G valid-memtrack) )\n",
        );
        prp("termination.prp", "CHECK( init(main()), LTL(F end) )\n");
        let f = dir.path().join("tasks.tsv");
        std::fs::write(
            &f,
            "task\tprogram\tproperty\texpected\n\
             o/a\ta.c\tproperties/no-overflow.prp\tfalse\n\
             m/b\tb.c\tproperties/valid-memsafety.prp\tfalse(valid-deref)\n\
             r/c\tc.c\t\ttrue\n",
        )
        .unwrap();
        let t = read(&f, None).unwrap();
        let got: Vec<(&str, &str, bool)> =
            t.iter().map(|t| (t.property.as_str(), t.expected_str(), t.expected_safe)).collect();
        assert_eq!(
            got,
            [
                ("no-overflow", "false", false),
                ("memsafety", "false(valid-deref)", false),
                ("unreach-call", "true", true)
            ]
        );
        std::fs::write(&f, "task\tprogram\tproperty\texpected\nt/d\td.c\tproperties/termination.prp\ttrue\n").unwrap();
        let e = read(&f, None).unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("termination.prp") && e.contains("does not check"), "{e}");
        std::fs::write(&f, "task\tprogram\texpected\nt/d\td.c\tfalse(valid-free|valid-memtrack)\n").unwrap();
        assert_eq!(read(&f, None).unwrap()[0].expected, "false(valid-free|valid-memtrack)");
        std::fs::write(&f, "task\tprogram\texpected\nt/d\td.c\tfalse(valid-free|)\n").unwrap();
        assert!(read(&f, None).unwrap_err().to_string().contains("false(property)"));
        std::fs::write(&f, "task\tprogram\texpected\nt/d\td.c\tfalse(Valid deref)\n").unwrap();
        assert!(read(&f, None).unwrap_err().to_string().contains("false(property)"));
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
