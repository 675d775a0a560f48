//! Results from elsewhere, and a study for a BenchExec cluster (issue 53 §3).
//!
//! [`read`] takes the CSV files `ufo bench --csv` writes and BenchExec's
//! result files (`*.xml`, `*.xml.bz2`: one `<result>` per run definition,
//! one `<run>` per task with its `status`, `cputime`, `walltime` and
//! `memory` columns) into [`Row`]s, so that `ufo bench --import` prints the
//! same table and writes the same HTML report as a run here.
//! [`benchmark_definition`] writes the run of `ufo bench --levels ...
//! --engines ...` as a BenchExec benchmark definition for the tool-info
//! module `scripts/ufo_benchexec` (a run definition per configuration, a
//! `<tasks>` per category).
//!
//! Invariants: a BenchExec run becomes a row of the configuration named by
//! its result's run definition (`<result name="bench.ufo O0">` of benchmark
//! `bench`: `ufo O0`), its task the last directory and the file's stem
//! (`../sv/loops/sum01.yml`: `loops/sum01`, as tasks.tsv names it); a
//! status BenchExec writes for an answer (`true`, `false(P)`) is that
//! answer, `TIMEOUT` and `OUT OF MEMORY` are those, anything else UNKNOWN
//! with the status as its reason. Baseline configurations are not written
//! to a definition (BenchExec runs one tool per benchmark).

use super::matrix::{Config, Runs};
use super::score::{Answer, Row, Status};
use super::tasks::Task;
use super::BenchOptions;
use crate::error::{Error, Result};
use quick_xml::events::Event;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The rows of every file, in order (CSV by `ufo bench --csv`, else
/// BenchExec XML, bzip2-compressed if the name ends in `.bz2`).
pub fn read(paths: &[PathBuf]) -> Result<Vec<Row>> {
    let mut rows = Vec::new();
    for p in paths {
        let name = p.display().to_string();
        if name.ends_with(".csv") {
            rows.extend(super::results::read_csv(p)?);
            continue;
        }
        let bytes = std::fs::read(p).map_err(|e| Error::input(&name, e.to_string()))?;
        let text = if name.ends_with(".bz2") {
            let mut s = String::new();
            bzip2::read::BzDecoder::new(bytes.as_slice())
                .read_to_string(&mut s)
                .map_err(|e| Error::input(&name, format!("not bzip2-compressed text: {e}")))?;
            s
        } else {
            String::from_utf8(bytes).map_err(|e| Error::input(&name, format!("not UTF-8: {e}")))?
        };
        rows.extend(benchexec_rows(&text).map_err(|e| Error::input(&name, e))?);
    }
    Ok(rows)
}

/// Gives rows the expected verdict and category of the task of the same
/// name in `tasks` (BenchExec knows a verdict only from a task's `.yml`).
pub fn label_with(rows: &mut [Row], tasks: &[Task]) {
    for r in rows {
        if let Some(t) = tasks.iter().find(|t| t.name == r.task) {
            (r.expected, r.category) = (t.expected.clone(), t.category.clone());
        }
    }
}

/// The configurations' labels in the order their first rows come.
pub fn labels(rows: &[Row]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for r in rows {
        if !out.contains(&r.tool) {
            out.push(r.tool.clone());
        }
    }
    out
}

fn attr(e: &quick_xml::events::BytesStart, key: &str) -> Option<String> {
    e.attributes()
        .flatten()
        .find(|a| a.key.as_ref() == key)
        .and_then(|a| a.normalized_value(quick_xml::XmlVersion::Implicit1_0).ok())
        .map(|v| v.into_owned())
}

/// `loops/sum01` of `../sv/loops/sum01.yml`.
fn task_name(file: &str) -> String {
    let p = Path::new(file.trim_start_matches('[').trim_end_matches(']'));
    let stem = p.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
    let stem = [".yml", ".c", ".i"].iter().fold(stem, |s, ext| s.strip_suffix(ext).map(str::to_string).unwrap_or(s));
    match p.parent().and_then(|d| d.file_name()) {
        Some(dir) => format!("{}/{stem}", dir.to_string_lossy()),
        None => stem,
    }
}

/// `1.25s` → 1.25; `12345678B` → MB.
fn number(v: &str, unit: char) -> f64 {
    v.trim().trim_end_matches(unit).parse().unwrap_or(0.0)
}

/// The rows of one BenchExec result file.
pub fn benchexec_rows(xml: &str) -> std::result::Result<Vec<Row>, String> {
    let mut reader = quick_xml::Reader::from_str(xml);
    let opt_re = regex::Regex::new(r"--opt\s+(\S+)").map_err(|e| e.to_string())?;
    let engine_re = regex::Regex::new(r"--engine\s+(\S+)").map_err(|e| e.to_string())?;
    let (mut label, mut opt, mut engine) = (String::new(), "O2".to_string(), Some("portfolio".to_string()));
    let mut rows = Vec::new();
    let mut run: Option<Row> = None;
    let mut results = 0;
    loop {
        match reader.read_event().map_err(|e| format!("not BenchExec result XML: {e}"))? {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) => match e.name().as_ref() {
                "result" => {
                    results += 1;
                    let bench = attr(&e, "benchmarkname").unwrap_or_default();
                    let name = attr(&e, "name").unwrap_or_default();
                    // `<run definition>.<tasks block>` when the file holds one block
                    let block = attr(&e, "block").map(|b| format!(".{b}")).unwrap_or_default();
                    let name = name.strip_suffix(&block).unwrap_or(&name);
                    label = name.strip_prefix(&format!("{bench}.")).unwrap_or(name).to_string();
                    if label.is_empty() || label == bench {
                        label = attr(&e, "tool").unwrap_or_else(|| "ufo".into());
                    }
                    let options = attr(&e, "options").unwrap_or_default();
                    opt = opt_re.captures(&options).map(|c| c[1].to_string()).unwrap_or_else(|| "O2".into());
                    engine = Some(
                        engine_re.captures(&options).map(|c| c[1].to_string()).unwrap_or_else(|| "portfolio".into()),
                    );
                }
                "run" => {
                    let file = attr(&e, "name").or_else(|| attr(&e, "files")).unwrap_or_default();
                    let task = task_name(&file);
                    let expected = attr(&e, "expectedVerdict").unwrap_or_default();
                    run = Some(Row {
                        category: task.split('/').next().unwrap_or_default().to_string(),
                        task,
                        tool: label.clone(),
                        expected: if expected.is_empty() { "unknown".into() } else { expected },
                        opt: opt.clone(),
                        engine: engine.clone(),
                        ..Row::default()
                    });
                }
                "column" => {
                    if let Some(r) = run.as_mut() {
                        let value = attr(&e, "value").unwrap_or_default();
                        match attr(&e, "title").as_deref() {
                            Some("status") => status(r, &value),
                            Some("cputime") => r.cpu_time = number(&value, 's'),
                            Some("walltime") => r.wall_time = number(&value, 's'),
                            Some("memory") => r.peak_memory_mb = number(&value, 'B') / 1e6,
                            _ => {}
                        }
                    }
                }
                _ => {}
            },
            Event::End(e) if e.name().as_ref() == "run" => rows.extend(run.take()),
            _ => {}
        }
    }
    if results == 0 {
        return Err("not a BenchExec result file (no <result>)".into());
    }
    Ok(rows)
}

fn status(r: &mut Row, value: &str) {
    if value == "true" {
        (r.verdict, r.status) = (Answer::Safe, Status::Answered);
    } else if value.starts_with("false") {
        (r.verdict, r.status) = (Answer::Unsafe, Status::Answered);
        r.violated = value.contains('(').then(|| value.to_string());
    } else if value.starts_with("TIMEOUT") {
        (r.status, r.reason) = (Status::Timeout, value.to_lowercase());
    } else if value.starts_with("OUT OF MEMORY") {
        (r.status, r.reason) = (Status::Memout, "memory limit".into());
    } else {
        (r.status, r.reason) = (Status::Unknown, value.to_string());
    }
}

fn escape(s: &str) -> String {
    quick_xml::escape::escape(s).into_owned()
}

/// A path as the definition names it: relative to the definition's
/// directory `at` when it can be, else absolute.
fn relative(p: &Path, at: &Path) -> String {
    let abs = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let (p, at) = (abs(p), abs(at));
    let common = p.components().zip(at.components()).take_while(|(a, b)| a == b).count();
    if common == 0 {
        return p.display().to_string();
    }
    let up = at.components().count() - common;
    let rest: PathBuf = p.components().skip(common).collect();
    let mut out = PathBuf::new();
    for _ in 0..up {
        out.push("..");
    }
    out.join(rest).display().to_string()
}

/// The BenchExec benchmark definition of a run (written to `out`, which
/// relative paths start from): the limits, a run definition per ufo
/// configuration with its `--opt` and engine options, and a `<tasks>` per
/// category naming each task's `.yml` (or its program, with the property
/// file next to the task list).
pub fn benchmark_definition(opts: &BenchOptions, task_file: &Path, tasks: &[Task], out: &Path) -> String {
    let dir = out.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut x = String::from(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE benchmark PUBLIC \"+//IDN sosy-lab.org//DTD BenchExec benchmark 2.3//EN\" \
         \"https://www.sosy-lab.org/benchexec/benchmark-2.3.dtd\">\n",
    );
    let mem = opts.memory_mb.map(|m| format!(" memlimit=\"{m} MB\"")).unwrap_or_default();
    // (an XML comment cannot hold "--": README.md has the command line)
    let from = task_file.display().to_string().replace("--", "- -");
    x.push_str(&format!(
        "<!-- written by ufo bench from {}: README.md, \"Running ufo under BenchExec\", runs it -->\n",
        escape(&from)
    ));
    x.push_str(&format!(
        "<benchmark tool=\"ufo_benchexec.ufo\" timelimit=\"{} s\" hardtimelimit=\"{} s\"{mem} cpuCores=\"2\">\n",
        opts.timeout.ceil(),
        (opts.timeout + super::KILL_GRACE).ceil()
    ));
    for c in &opts.configs {
        let Config { label, level, runs: Runs::Ufo { args, .. } } = c else { continue };
        x.push_str(&format!("  <rundefinition name=\"{}\">\n", escape(label)));
        x.push_str(&format!("    <option name=\"--opt\">{}</option>\n", level.as_str()));
        // (the tool-info module adds `--no-cache` itself)
        let args: Vec<&String> = args.iter().filter(|a| *a != "--no-cache").collect();
        let mut i = 0;
        while i < args.len() {
            match args.get(i + 1).filter(|v| !v.starts_with("--")) {
                Some(v) => {
                    x.push_str(&format!("    <option name=\"{}\">{}</option>\n", escape(args[i]), escape(v)));
                    i += 2;
                }
                None => {
                    x.push_str(&format!("    <option name=\"{}\"/>\n", escape(args[i])));
                    i += 1;
                }
            }
        }
        x.push_str("  </rundefinition>\n");
    }
    let base = task_file.parent().unwrap_or(Path::new("."));
    let mut categories: Vec<&str> = tasks.iter().map(|t| t.category.as_str()).collect();
    categories.dedup();
    for cat in categories {
        x.push_str(&format!("  <tasks name=\"{}\">\n", escape(cat)));
        for t in tasks.iter().filter(|t| t.category == cat) {
            let file = t.yml.as_deref().unwrap_or(&t.program);
            x.push_str(&format!("    <include>{}</include>\n", escape(&relative(file, dir))));
        }
        let first = tasks.iter().find(|t| t.category == cat);
        let prp = first
            .and_then(yml_property_file)
            .unwrap_or_else(|| base.join(format!("{}.prp", property_file(cat, tasks))));
        x.push_str(&format!("    <propertyfile>{}</propertyfile>\n", escape(&relative(&prp, dir))));
        x.push_str("  </tasks>\n");
    }
    x.push_str("</benchmark>\n");
    x
}

/// The property file a task's `.yml` names for the task's property, if it
/// exists (BenchExec matches the benchmark's property file against the
/// task definition's).
fn yml_property_file(t: &Task) -> Option<PathBuf> {
    let yml = t.yml.as_ref()?;
    let doc: serde_json::Value = serde_norway::from_str(&std::fs::read_to_string(yml).ok()?).ok()?;
    let dir = yml.parent()?;
    doc["properties"].as_array()?.iter().filter_map(|p| p["property_file"].as_str()).map(|f| dir.join(f)).find(|f| {
        std::fs::read_to_string(f).ok().and_then(|text| super::tasks::property_of(&text)) == Some(t.property.as_str())
    })
}

/// The SV-COMP property file's stem for a category's tasks (next to the
/// task list, as `../shared/bench/sv` and `bench/*` keep it).
fn property_file(cat: &str, tasks: &[Task]) -> &'static str {
    match tasks.iter().find(|t| t.category == cat).map(|t| t.property.as_str()) {
        Some("no-overflow") => "properties/no-overflow",
        Some("memsafety") => "properties/valid-memsafety",
        Some("memcleanup") => "properties/valid-memcleanup",
        _ => "unreach-call",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RESULT: &str = r#"<?xml version="1.0"?>
<result benchmarkname="study" name="study.ufo O0.loops" block="loops" tool="ufo" options="--opt O0 --engine portfolio" timelimit="60 s">
  <columns><column title="status"/><column title="cputime"/></columns>
  <run expectedVerdict="true" files="[../sv/loops/sum01.yml]" name="../sv/loops/sum01.yml" properties="unreach-call">
    <column title="category" value="correct"/>
    <column title="cputime" value="1.5s"/>
    <column title="memory" value="25000000B"/>
    <column title="status" value="true"/>
    <column title="walltime" value="1.25s"/>
  </run>
  <run expectedVerdict="false(unreach-call)" name="../sv/locks/test_locks_14-2.yml">
    <column title="status" value="false(unreach-call)"/>
    <column title="cputime" value="0.5s"/>
  </run>
  <run expectedVerdict="true" name="../sv/loop-new/count_by_k.yml">
    <column title="status" value="TIMEOUT"/>
    <column title="cputime" value="61.2s"/>
  </run>
  <run expectedVerdict="true" name="../sv/loop-new/gauss_sum.yml">
    <column title="status" value="ERROR (bad input)"/>
  </run>
</result>
"#;

    #[test]
    fn a_benchexec_result_file_becomes_rows_of_its_run_definition() {
        let rows = benchexec_rows(RESULT).unwrap();
        assert_eq!(rows.len(), 4);
        let r = &rows[0];
        assert_eq!(
            (r.task.as_str(), r.category.as_str(), r.tool.as_str(), r.opt.as_str()),
            ("loops/sum01", "loops", "ufo O0", "O0")
        );
        assert_eq!(
            (r.verdict, r.status, r.cpu_time, r.wall_time, r.peak_memory_mb),
            (Answer::Safe, Status::Answered, 1.5, 1.25, 25.0)
        );
        assert!(r.correct());
        assert!(rows[1].correct() && rows[1].violated.as_deref() == Some("false(unreach-call)"));
        assert_eq!((rows[2].status, rows[2].cpu_time), (Status::Timeout, 61.2));
        assert_eq!((rows[3].status, rows[3].reason.as_str()), (Status::Unknown, "ERROR (bad input)"));
        assert!(benchexec_rows("<foo/>").unwrap_err().contains("no <result>"));
        assert!(benchexec_rows("<result><run").is_err());
    }

    #[test]
    fn compressed_results_and_csv_are_read_alike() {
        let dir = tempfile::tempdir().unwrap();
        let bz = dir.path().join("study.results.ufo_O0.xml.bz2");
        let mut enc = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
        std::io::Write::write_all(&mut enc, RESULT.as_bytes()).unwrap();
        std::fs::write(&bz, enc.finish().unwrap()).unwrap();
        let rows = read(std::slice::from_ref(&bz)).unwrap();
        let csv = dir.path().join("r.csv");
        std::fs::write(&csv, super::super::to_csv(&rows).unwrap()).unwrap();
        let again = read(&[csv, bz.clone()]).unwrap();
        assert_eq!(again.len(), 8);
        assert_eq!(labels(&again), ["ufo O0"]);
        let bad = dir.path().join("x.xml.bz2");
        std::fs::write(&bad, "plain").unwrap();
        assert!(read(&[bad]).unwrap_err().to_string().contains("x.xml.bz2"));
    }
}
