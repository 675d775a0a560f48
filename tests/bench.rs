//! `ufo bench`, `ufo export-chc` and `ufo compare-opt` (issue 6): scoring and
//! the table on real runs, the hard time limit on a task that never stops, the
//! Spacer baseline agreeing with the UFO engine on every `llvm-tests` program,
//! and the disagreement report on a program with undefined behaviour.

mod common;
use common::*;
use std::path::Path;

/// Writes a tasks.tsv with rows `(task, program, expected)`.
fn tasks_file(dir: &Path, rows: &[(&str, String, bool)]) -> String {
    let mut text = "task\tprogram\texpected\tdata_model\n".to_string();
    for (t, p, e) in rows {
        text.push_str(&format!("{t}\t{p}\t{e}\tLP64\n"));
    }
    let f = dir.join("tasks.tsv");
    std::fs::write(&f, text).unwrap();
    f.to_string_lossy().into_owned()
}

fn abs(p: &str) -> String {
    root().join(p).to_string_lossy().into_owned()
}

fn table_line<'a>(out: &'a str, category: &str) -> &'a str {
    out.lines().find(|l| l.starts_with(&format!("| {category} |"))).unwrap_or_else(|| panic!("no {category}:\n{out}"))
}

fn rows_of(path: &Path) -> Vec<serde_json::Value> {
    serde_json::from_str::<serde_json::Value>(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn scores_and_tabulates_correct_and_wrong_answers() {
    let dir = tempfile::tempdir().unwrap();
    // wrap_unsafe is labelled safe on purpose: ufo's (correct) UNSAFE counts as wrong.
    let tasks = tasks_file(
        dir.path(),
        &[
            ("fig/safe", abs("llvm-tests/fig1_safe.c"), true),
            ("fig/unsafe", abs("llvm-tests/fig1_unsafe.c"), false),
            ("wrap/mislabelled", abs("llvm-tests/wrap_unsafe.c"), true),
        ],
    );
    let csv = dir.path().join("rows.csv");
    let json = dir.path().join("rows.json");
    let (code, out, err) = ufo(&[
        "bench",
        &tasks,
        "--timeout",
        "60",
        "--jobs",
        "2",
        "--csv",
        csv.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    // category | tasks | safe | unsafe | wrong | unknown | timeout | CPU | score
    let cells = |l: &str| l.split('|').map(str::trim).filter(|c| !c.is_empty()).map(String::from).collect::<Vec<_>>();
    let fig = cells(table_line(&out, "fig"));
    assert_eq!(fig[1..7], ["2", "1", "1", "0", "0", "0"], "{out}");
    assert_eq!(fig[8], "3");
    let wrap = cells(table_line(&out, "wrap"));
    assert_eq!(wrap[1..7], ["1", "0", "0", "1", "0", "0"], "{out}");
    assert_eq!(wrap[8], "-16");
    let total = cells(table_line(&out, "**total**"));
    assert_eq!(total[8], "-13", "{out}");
    // Without a terminal, progress is one plain line per finished run.
    assert_eq!(err.lines().filter(|l| l.starts_with('[') && l.contains("ufo ")).count(), 3, "{err}");
    let rows = rows_of(&json);
    assert_eq!(rows.len(), 3);
    let by_task = |t: &str| rows.iter().find(|r| r["task"] == t).unwrap().clone();
    assert_eq!(by_task("fig/safe")["verdict"], "SAFE");
    assert_eq!(by_task("fig/unsafe")["verdict"], "UNSAFE");
    // the answer in SV-COMP's words: the property its counterexample violates
    assert_eq!(by_task("fig/unsafe")["violated"], "false(unreach-call)");
    assert_eq!(by_task("wrap/mislabelled")["verdict"], "UNSAFE");
    for r in &rows {
        assert!(r["cpu_time"].as_f64().unwrap() > 0.0 && r["peak_memory_mb"].as_f64().unwrap() > 1.0, "{r}");
        assert!(r["iterations"].as_u64().is_some(), "{r}");
        // ufo's own clock of its phases, read from its report: the check
        // (a certificate, or a replay with clang) is part of the engine's time
        let phase = |k: &str| r[k].as_f64().unwrap_or_else(|| panic!("{k}: {r}"));
        assert!(phase("frontend_time") > 0.0 && phase("check_time") > 0.0, "{r}");
        assert!(phase("engine_time") >= phase("check_time"), "{r}");
    }
    // where the time went: the UNSAFE answers (fig/unsafe, and the
    // mislabelled task, which is wrong and so not among them) in a line
    let spent = cells(table_line(&out, "UNSAFE answers"));
    assert_eq!(spent[1], "1", "{out}");
    assert_eq!(cells(table_line(&out, "SAFE answers"))[1], "1", "{out}");
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "task,category,tool,expected,verdict,violated,status,reason,cpu_time,wall_time,peak_memory_mb,iterations,arg_nodes,member,frontend_time,engine_time,check_time,opt,engine,ir_read,ir_optimized,ub"
    );
    assert_eq!(lines.filter(|l| l.starts_with("fig/") || l.starts_with("wrap/")).count(), 3);
}

#[test]
fn a_task_that_never_stops_is_killed_at_the_limit_and_counted_as_timeout() {
    let dir = tempfile::tempdir().unwrap();
    // clang blocks forever opening a FIFO nobody writes: the verifier never
    // answers, in ufo and in the baseline's export alike.
    let fifo = dir.path().join("never.h");
    let status = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(status.success());
    let prog = dir.path().join("hang.c");
    std::fs::write(&prog, format!("#include \"{}\"\nint main(void) {{ return 0; }}\n", fifo.display())).unwrap();
    let tasks = tasks_file(
        dir.path(),
        &[("hang/never", prog.to_string_lossy().into_owned(), true), ("ok/safe", abs("llvm-tests/fig1_safe.c"), true)],
    );
    let json = dir.path().join("rows.json");
    let t0 = std::time::Instant::now();
    let (code, out, err) =
        ufo(&["bench", &tasks, "--timeout", "3", "--baseline", "spacer", "--json", json.to_str().unwrap()]);
    let elapsed = t0.elapsed().as_secs_f64();
    assert_eq!(code, 0, "{out}{err}");
    // Two hung runs, each killed 2 s after the 3 s limit, and two quick ones.
    assert!(elapsed < 20.0, "the bench took {elapsed} s");
    let rows = rows_of(&json);
    for tool in ["ufo", "spacer"] {
        let r = rows.iter().find(|r| r["task"] == "hang/never" && r["tool"] == tool).unwrap();
        assert_eq!(r["status"], "timeout", "{r}");
        assert_eq!(r["verdict"], "UNKNOWN");
        assert_eq!(r["reason"], "killed at the time limit");
        let wall = r["wall_time"].as_f64().unwrap();
        assert!((4.9..7.0).contains(&wall), "{tool} killed after {wall} s");
        let ok = rows.iter().find(|r| r["task"] == "ok/safe" && r["tool"] == tool).unwrap();
        assert_eq!(ok["verdict"], "SAFE", "{ok}");
    }
    // hang: ufo 0 solved, 1 timeout; spacer the same.
    let line = table_line(&out, "hang");
    assert!(line.starts_with("| hang | 1 | 0 | 0 | 0 | 0 | 1 |"), "{line}");
    assert!(line.contains("| 0 | 0 | 0 | 0 | 1 |"), "{line}");
}

#[test]
fn export_chc_has_a_predicate_per_location_and_spacer_decides_it() {
    for (prog, answer) in [("llvm-tests/fig1_safe.c", "sat"), ("llvm-tests/fig1_unsafe.c", "unsat")] {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("p.smt2");
        let (code, _, err) = ufo(&["export-chc", prog, "--opt", "O0", "-o", f.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let text = std::fs::read_to_string(&f).unwrap();
        assert!(text.contains("(set-logic HORN)") && text.trim_end().ends_with("(check-sat)"));
        let (_, report) = verify(&[prog.to_string()], &["--opt", "O0"]);
        let locations = report["program"]["sliced_locations"].as_u64().unwrap() as usize;
        assert_eq!(text.matches("(declare-fun ").count(), locations, "{text}");
        let z3 = std::process::Command::new(ufo::smt::Z3_BINARY)
            .arg("fp.engine=spacer")
            .arg("-T:60")
            .arg(&f)
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&z3.stdout).trim(), answer, "{prog}:\n{text}");
    }
}

#[test]
fn spacer_baseline_agrees_with_the_ufo_engine_on_llvm_tests() {
    let dir = tempfile::tempdir().unwrap();
    let rows: Vec<(String, String, bool)> = programs()
        .into_iter()
        .filter(|p| p.files.len() == 1)
        .map(|p| {
            (format!("llvm-tests/{}", p.files[0].rsplit('/').next().unwrap()), abs(&p.files[0]), p.expected == "SAFE")
        })
        .collect();
    let refs: Vec<(&str, String, bool)> = rows.iter().map(|(t, p, e)| (t.as_str(), p.clone(), *e)).collect();
    let tasks = tasks_file(dir.path(), &refs);
    let json = dir.path().join("rows.json");
    let (code, out, err) = ufo(&[
        "bench",
        &tasks,
        "--timeout",
        "30",
        "--jobs",
        "2",
        "--baseline",
        "spacer",
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let results = rows_of(&json);
    assert_eq!(results.len(), 2 * rows.len());
    let mut both = 0;
    for (task, _, _) in &rows {
        let get = |tool: &str| results.iter().find(|r| r["task"] == task.as_str() && r["tool"] == tool).unwrap();
        let (u, s) = (get("ufo"), get("spacer"));
        for r in [u, s] {
            let wrong = (r["verdict"] == "SAFE" && r["expected"] == "false")
                || (r["verdict"] == "UNSAFE" && r["expected"] == "true");
            assert!(!wrong, "wrong answer: {r}");
        }
        if u["verdict"] != "UNKNOWN" && s["verdict"] != "UNKNOWN" {
            assert_eq!(u["verdict"], s["verdict"], "{task}: ufo {u} vs spacer {s}");
            both += 1;
        }
    }
    assert!(both * 10 >= rows.len() * 8, "both answered only {both} of {} tasks:\n{out}", rows.len());
    assert!(out.contains("CPU time ufo/spacer"), "{out}");
}

#[test]
fn compare_opt_reports_the_signed_overflow_disagreement() {
    let prog = "llvm-tests/ub/signed_overflow.c";
    let (code, out, err) = ufo(&["compare-opt", prog, "--int", "bv", "--levels", "O0,O2"]);
    assert_eq!(code, 10, "{out}{err}");
    assert!(out.contains("| O0 | UNSAFE |") && out.contains("| O2 | SAFE |"), "{out}");
    assert!(out.contains("DISAGREEMENT: SAFE at O2, UNSAFE at O0"), "{out}");
    assert!(out.contains("undefined behaviour") && out.contains("2147483647"), "{out}");
    assert!(err.contains("verdicts disagree across optimization levels"), "{err}");
    let (code, out, _) = ufo(&["compare-opt", prog, "--int", "bv", "--levels", "O0,O2", "--json"]);
    assert_eq!(code, 10);
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["schema"], "ufo-compare-opt/1");
    assert_eq!(j["levels"][0]["verdict"], "UNSAFE");
    assert_eq!(j["levels"][1]["verdict"], "SAFE");
    assert_eq!(j["disagreement"]["safe"], serde_json::json!(["O2"]));
    assert_eq!(j["disagreement"]["unsafe"], serde_json::json!(["O0"]));
    for l in j["levels"].as_array().unwrap() {
        assert!(l["locations"].as_u64().unwrap() > 0 && l["iterations"].as_u64().is_some(), "{l}");
    }
    // The UNSAFE answer at O0 is one ufo verify gives on its own, replayed.
    let (code, report) = verify(&[prog.to_string()], &["--int", "bv", "--opt", "O0"]);
    assert_eq!(code, 10);
    assert_eq!(report["counterexample"]["replay"]["reached"], true);
    // Under the default semantics (nsw: no overflow) all levels agree.
    let (code, out, err) = ufo(&["compare-opt", prog, "--levels", "O0,O2"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains("DISAGREEMENT") && !err.contains("disagree"), "{out}");
}

#[test]
fn bench_and_compare_opt_fail_cleanly_on_bad_input() {
    let (code, _, err) = ufo(&["bench", "no/such/tasks.tsv"]);
    assert_eq!(code, 2);
    assert!(err.contains("no/such/tasks.tsv"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.tsv");
    std::fs::write(&f, "task\tprogram\texpected\nx\tx.c\tyes\n").unwrap();
    let (code, _, err) = ufo(&["bench", f.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2") && err.lines().count() == 1, "{err}");
    let (code, _, err) = ufo(&["bench", f.to_str().unwrap(), "--filter", "("]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = ufo(&["compare-opt", "missing.c"]);
    assert_eq!(code, 2);
    assert!(err.contains("missing.c"), "{err}");
}

/// A stand-in for Golem (which CI does not build): it writes down its
/// arguments, checks that the clauses are in the CHC-COMP dialect, and hands
/// them to Spacer, or, as engine `never`, never answers.
fn fake_golem(dir: &Path) -> std::path::PathBuf {
    let exe = dir.join("golem");
    let script = format!(
        "#!/bin/sh\n[ \"$1\" = --version ] && exit 0\necho \"$@\" >> {log}\n\
         [ \"$2\" = never ] && exec sleep 1000\n\
         grep -q '(assert (forall' \"$3\" || {{ echo 'error: not CHC-COMP'; exit 1; }}\n\
         exec {z3} fp.engine=spacer \"$3\"\n",
        log = dir.join("golem.log").display(),
        z3 = ufo::smt::Z3_BINARY
    );
    std::fs::write(&exe, script).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
    exe
}

#[test]
fn the_golem_baseline_runs_beside_spacer_on_chc_comp_clauses_and_is_killed_at_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let golem = fake_golem(dir.path());
    let tasks = tasks_file(
        dir.path(),
        &[("fig/safe", abs("llvm-tests/fig1_safe.c"), true), ("fig/unsafe", abs("llvm-tests/fig1_unsafe.c"), false)],
    );
    let json = dir.path().join("rows.json");
    let args = ["bench", &tasks, "--timeout", "3", "--baseline", "spacer,golem", "--golem", golem.to_str().unwrap()];
    let (code, out, err) = ufo(&[&args[..], &["--json", json.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{out}{err}");
    let rows = rows_of(&json);
    assert_eq!(rows.len(), 6);
    for (task, verdict) in [("fig/safe", "SAFE"), ("fig/unsafe", "UNSAFE")] {
        for tool in ["ufo", "spacer", "golem"] {
            let r = rows.iter().find(|r| r["task"] == task && r["tool"] == tool).unwrap();
            assert_eq!(r["verdict"], verdict, "{r}");
        }
    }
    let log = std::fs::read_to_string(dir.path().join("golem.log")).unwrap();
    assert_eq!(log.lines().count(), 2, "{log}");
    assert!(log.lines().all(|l| l.starts_with(&format!("--engine {} ", ufo::bench::GOLEM_ENGINES))), "{log}");
    let fig = table_line(&out, "fig");
    // ufo, spacer and golem each 1 safe and 1 unsafe; ufo's ratio against each on 2 tasks
    assert_eq!(fig.matches("| 1 | 1 | 0 | 0 | 0 |").count(), 3, "{fig}");
    assert!(out.contains("CPU time ufo/spacer") && out.contains("CPU time ufo/golem"), "{out}");

    // Golem has no time limit of its own: it is killed at the limit, with no grace.
    let json = dir.path().join("never.json");
    let (code, out, err) =
        ufo(&[&args[..], &["--golem-engine", "never", "--filter", "^fig/safe$", "--json", json.to_str().unwrap()]]
            .concat());
    assert_eq!(code, 0, "{out}{err}");
    let rows = rows_of(&json);
    assert_eq!(rows.len(), 3);
    let r = rows.iter().find(|r| r["tool"] == "golem").unwrap();
    assert_eq!(
        (r["status"].as_str(), r["reason"].as_str()),
        (Some("timeout"), Some("killed at the time limit")),
        "{r}"
    );
    let wall = r["wall_time"].as_f64().unwrap();
    assert!((2.9..4.5).contains(&wall), "golem killed after {wall} s");
}

/// The CSV rows of a bench run, as JSON objects (the csv crate reads them).
fn csv_rows(path: &Path) -> Vec<std::collections::BTreeMap<String, String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    r.deserialize().map(|row| row.unwrap()).collect()
}

/// Issue 53: a study of two levels is one run with a row per task and
/// level; its HTML report is well-formed, fetches nothing, names both
/// configurations and explains the task whose verdict changes (signed
/// overflow: UNSAFE at O0 with the sanitizer's report, SAFE at O2).
#[test]
fn a_study_of_two_levels_has_a_row_per_cell_and_its_report_explains_the_ub() {
    let dir = tempfile::tempdir().unwrap();
    let f = tasks_file(
        dir.path(),
        &[
            ("ub/signed_overflow", abs("llvm-tests/ub/signed_overflow.c"), false),
            ("fig1/safe", abs("llvm-tests/fig1_safe.c"), true),
            ("fig1/unsafe", abs("llvm-tests/fig1_unsafe.c"), false),
        ],
    );
    let (csv, json, html) = (dir.path().join("r.csv"), dir.path().join("r.json"), dir.path().join("r.html"));
    let (code, out, err) = ufo(&[
        "bench",
        &f,
        "--levels",
        "O0,O2",
        "--int",
        "bv",
        "--timeout",
        "30",
        "--csv",
        csv.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("ufo O0: solved safe") && out.contains("ufo O2: solved safe"), "{out}");
    let rows = csv_rows(&csv);
    assert_eq!(rows.len(), 6, "{rows:?}");
    let cells: std::collections::BTreeSet<(String, String)> =
        rows.iter().map(|r| (r["task"].clone(), r["tool"].clone())).collect();
    assert_eq!(cells.len(), 6);
    for r in &rows {
        assert_eq!(r["tool"], format!("ufo {}", r["opt"]), "{r:?}");
        assert_eq!(r["engine"], "portfolio");
        assert!(r["ir_read"].parse::<u64>().unwrap() > 0 && r["ir_optimized"].parse::<u64>().is_ok(), "{r:?}");
    }
    let cell = |task: &str, opt: &str| rows.iter().find(|r| r["task"] == task && r["opt"] == opt).unwrap().clone();
    let (o0, o2) = (cell("ub/signed_overflow", "O0"), cell("ub/signed_overflow", "O2"));
    assert_eq!((o0["verdict"].as_str(), o2["verdict"].as_str()), ("UNSAFE", "SAFE"));
    assert!(o0["ub"].starts_with("signed-overflow: signed integer overflow: 2147483647 + 1"), "{o0:?}");
    // clang folds the comparison at O2: fewer instructions than at O0
    let size = |r: &std::collections::BTreeMap<String, String>| r["ir_optimized"].parse::<u64>().unwrap();
    assert!(size(&o2) < size(&o0), "{o0:?} {o2:?}");
    assert_eq!(rows_of(&json).len(), 6);
    let page = std::fs::read_to_string(&html).unwrap();
    let mut reader = quick_xml::Reader::from_str(page.trim_start_matches("<!DOCTYPE html>\n"));
    while !matches!(reader.read_event().expect("well-formed"), quick_xml::events::Event::Eof) {}
    assert!(!page.contains("http://") && !page.contains("https://"), "the report must not fetch anything");
    assert!(page.contains("ufo O0") && page.contains("ufo O2") && page.contains("<svg"));
    let changes = page.split("id=\"changes\"").nth(1).unwrap().split("id=\"tasks\"").next().unwrap();
    assert!(changes.contains("ub/signed_overflow") && changes.contains("2147483647 + 1"), "{changes}");
    assert!(!changes.contains("fig1/safe"), "an unchanged task is not listed: {changes}");
}

/// Issue 53: a run killed half-way goes on with `--resume`: the cells it
/// finished are not run again (their rows stay as they were), the others
/// are, and `--import` of the CSV reports the same table.
#[test]
fn an_interrupted_study_resumes_without_running_finished_cells_again() {
    let dir = tempfile::tempdir().unwrap();
    let f = tasks_file(
        dir.path(),
        &[
            ("fig1/unsafe", abs("llvm-tests/fig1_unsafe.c"), false),
            ("fig1/safe", abs("llvm-tests/fig1_safe.c"), true),
            ("loops/lockstep", abs("llvm-tests/lockstep_100_safe.c"), true),
        ],
    );
    let csv = dir.path().join("r.csv");
    let args = ["bench", &f, "--engines", "ai,spacer", "--timeout", "20", "--csv", csv.to_str().unwrap()];
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ufo"))
        .args(args)
        .current_dir(root())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let lines = || std::fs::read_to_string(&csv).map(|t| t.lines().count()).unwrap_or(0);
    let t0 = std::time::Instant::now();
    while lines() < 3 && t0.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let before = csv_rows(&csv);
    assert!((2..6).contains(&before.len()), "killed after {} of 6 cells", before.len());
    let (code, out, err) = ufo(&[&args[..], &["--resume"]].concat());
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        err.contains(&format!("resuming: {} of 6 cells finished, {} to run", before.len(), 6 - before.len())),
        "{err}"
    );
    let after = csv_rows(&csv);
    assert_eq!(after.len(), 6, "{after:?}");
    for r in &before {
        assert!(after.contains(r), "a finished cell ran again: {r:?}");
    }
    let tools: std::collections::BTreeSet<&str> = after.iter().map(|r| r["tool"].as_str()).collect();
    assert_eq!(tools.into_iter().collect::<Vec<_>>(), ["ufo:ai", "ufo:spacer"]);
    // the imported CSV gives the table the resumed run printed
    let (code, imported, err) = ufo(&["bench", "--import", csv.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let table = |t: &str| t.lines().filter(|l| l.starts_with("| ")).map(str::to_string).collect::<Vec<_>>();
    assert_eq!(table(&imported), table(&out));
    // resuming a finished run runs nothing
    let (code, _, err) = ufo(&[&args[..], &["--resume"]].concat());
    assert_eq!(code, 0);
    assert!(err.contains("resuming: 6 of 6 cells finished, 0 to run"), "{err}");
    assert_eq!(csv_rows(&csv), after);
}

/// Issue 53 §3: BenchExec's result files (two run definitions of a study of
/// three shared-set tasks at O0 and O2, written by BenchExec 3.35 on this
/// kind of machine: `tests/data/benchexec/`) give the same table and report
/// as a run here, the task solved at O2 only among the changes.
#[test]
fn benchexec_result_files_are_imported_into_the_table_and_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let (csv, html) = (dir.path().join("r.csv"), dir.path().join("r.html"));
    let files = "tests/data/benchexec/study.ufo_O0.loops.xml.bz2,tests/data/benchexec/study.ufo_O2.loops.xml.bz2";
    let (code, out, err) =
        ufo(&["bench", "--import", files, "--csv", csv.to_str().unwrap(), "--html", html.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    // O0: one SAFE, one UNSAFE, one timeout; O2: two SAFE, one UNSAFE
    assert!(table_line(&out, "loops").starts_with("| loops | 3 | 1 | 1 | 0 | 0 | 1 |"), "{out}");
    assert!(table_line(&out, "loops").contains("| 21.1 | 3 | 2 | 1 | 0 | 0 | 0 | 0.4 | 5 |"), "{out}");
    let rows = csv_rows(&csv);
    assert_eq!(rows.len(), 6);
    let timeout = rows.iter().find(|r| r["status"] == "timeout").unwrap();
    assert_eq!((timeout["task"].as_str(), timeout["tool"].as_str()), ("loops/count_up_down-1", "ufo O0"));
    let page = std::fs::read_to_string(&html).unwrap();
    let changes = page.split("id=\"changes\"").nth(1).unwrap().split("id=\"tasks\"").next().unwrap();
    assert!(
        changes.contains("loops/count_up_down-1") && changes.contains("Solved at O2 only (O0: timeout"),
        "{changes}"
    );
}

/// Issue 53 §3: `--benchexec-xml` writes the study as a BenchExec benchmark
/// definition (a run definition per level and engine, the tasks' `.yml`
/// files and the property file they name), BenchExec runs it with the
/// tool-info module we ship, and its result files import into the answers a
/// run here gives.
#[test]
fn a_study_written_for_benchexec_runs_there_and_imports_back() {
    let dir = tempfile::tempdir().unwrap();
    let sv = dir.path().join("sv");
    std::fs::create_dir_all(sv.join("fig")).unwrap();
    std::fs::create_dir_all(sv.join("properties")).unwrap();
    std::fs::write(sv.join("properties/unreach-call.prp"), "CHECK( init(main()), LTL(G ! call(reach_error())) )\n")
        .unwrap();
    let mut tsv = "task\tprogram\tyml\texpected\tdata_model\n".to_string();
    for (name, verdict) in [("fig1_safe", true), ("fig1_unsafe", false)] {
        std::fs::copy(root().join(format!("llvm-tests/{name}.c")), sv.join(format!("fig/{name}.c"))).unwrap();
        std::fs::write(
            sv.join(format!("fig/{name}.yml")),
            format!(
                "format_version: '2.0'\ninput_files: '{name}.c'\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: {verdict}\noptions:\n  language: C\n  data_model: LP64\n"
            ),
        )
        .unwrap();
        tsv.push_str(&format!("fig/{name}\tfig/{name}.c\tfig/{name}.yml\t{verdict}\tLP64\n"));
    }
    let tasks = sv.join("tasks.tsv");
    std::fs::write(&tasks, tsv).unwrap();
    let xml = dir.path().join("study.xml");
    let (code, _, err) = ufo(&[
        "bench",
        tasks.to_str().unwrap(),
        "--levels",
        "O0,O2",
        "--engines",
        "portfolio,bmc",
        "--timeout",
        "20",
        // (BenchExec refuses a run whose limit exceeds the memory available
        // now, and the tests beside this one take their share)
        "--memory",
        "2048",
        "--benchexec-xml",
        xml.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&xml).unwrap();
    let mut reader = quick_xml::Reader::from_str(&text);
    while !matches!(reader.read_event().expect("well-formed"), quick_xml::events::Event::Eof) {}
    for (label, level, engine) in
        [("ufo:portfolio O0", "O0", "portfolio"), ("ufo:bmc O0", "O0", "bmc"), ("ufo:bmc O2", "O2", "bmc")]
    {
        let def = text.split(&format!("<rundefinition name=\"{label}\">")).nth(1).unwrap_or_else(|| panic!("{text}"));
        let def = def.split("</rundefinition>").next().unwrap();
        assert!(def.contains(&format!("<option name=\"--opt\">{level}</option>")), "{def}");
        assert!(def.contains(&format!("<option name=\"--engine\">{engine}</option>")), "{def}");
    }
    assert!(!text.contains("--no-cache"), "the tool-info module adds it: {text}");
    assert!(text.contains("memlimit=\"2048 MB\""), "the limit of --memory: {text}");
    assert!(text.contains("<include>sv/fig/fig1_safe.yml</include>"), "{text}");
    assert!(text.contains("<propertyfile>sv/properties/unreach-call.prp</propertyfile>"), "{text}");
    // BenchExec runs it (scripts/setup installs BenchExec; no container, as in tests/benchexec.rs)
    let results = dir.path().join("results");
    let run = std::process::Command::new("python3")
        .args(["-m", "benchexec.benchexec", "--no-container", "--tool-directory"])
        .arg(root())
        .arg("-o")
        .arg(format!("{}/", results.display()))
        .arg(&xml)
        .env("PYTHONPATH", root().join("scripts"))
        .current_dir(dir.path())
        .output()
        .expect("python3 runs");
    let said = String::from_utf8_lossy(&run.stdout).into_owned() + &String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "benchexec failed:\n{said}");
    let mut files: Vec<String> = std::fs::read_dir(&results)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".xml.bz2"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 4, "a result file per run definition: {files:?}\n{said}");
    let (code, out, err) = ufo(&["bench", tasks.to_str().unwrap(), "--import", &files.join(",")]);
    assert_eq!(code, 0, "{err}");
    // every configuration found the bug and none was wrong (BMC cannot prove
    // fig1's loop; the portfolio proves it: checked by label below)
    assert!(out.contains("ufo:portfolio O0: solved safe"), "{out}");
    let total = table_line(&out, "**total**");
    let cells: Vec<&str> = total.split('|').map(str::trim).collect();
    // (category, tasks, then 7 cells per configuration: safe, unsafe, wrong, ...)
    for k in 0..4 {
        let (safe, unsafe_, wrong) = (cells[3 + 7 * k], cells[4 + 7 * k], cells[5 + 7 * k]);
        assert_eq!(wrong, "0", "{out}");
        assert_eq!(unsafe_, "1", "{out}");
        assert!(safe == "1" || safe == "0", "{out}");
    }
    let csv = dir.path().join("imported.csv");
    let (code, _, _) = ufo(&["bench", "--import", &files.join(","), "--csv", csv.to_str().unwrap()]);
    assert_eq!(code, 0);
    for level in ["O0", "O2"] {
        let proof = csv_rows(&csv)
            .into_iter()
            .find(|r| r["task"] == "fig/fig1_safe" && r["tool"] == format!("ufo:portfolio {level}"))
            .unwrap();
        assert_eq!((proof["verdict"].as_str(), proof["opt"].as_str()), ("SAFE", level), "{proof:?}");
    }
}
