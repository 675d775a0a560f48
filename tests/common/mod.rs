//! Helpers shared by the integration tests: running the `ufo` binary and
//! reading the headers of `llvm-tests/` programs.

#![allow(dead_code)]

pub mod witness;

use std::path::{Path, PathBuf};
use std::process::Command;

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `ufo ARGS`; returns (exit code, stdout, stderr).
///
/// With `UFO_TEST_TIMES=FILE` in the environment, each run appends a line
/// `seconds<TAB>arguments` to FILE: the runs near their `--timeout` are the
/// ones a slower machine fails (`sort -rn FILE`).
pub fn ufo(args: &[&str]) -> (i32, String, String) {
    let start = std::time::Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_ufo")).args(args).current_dir(root()).output().expect("ufo runs");
    if let Some(log) = std::env::var_os("UFO_TEST_TIMES") {
        use std::io::Write;
        let line = format!("{:.1}\t{}\n", start.elapsed().as_secs_f64(), args.join(" "));
        if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(log) {
            let _ = f.write_all(line.as_bytes());
        }
    }
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A test program of `llvm-tests/` and what its header says.
#[derive(Debug, Clone)]
pub struct TestProgram {
    pub files: Vec<String>,
    pub expected: String,
    /// Optimization levels at which the UFO engine must decide it.
    pub decided: Vec<String>,
    /// Optimization levels at which the `ai` engine (intervals) must prove it.
    pub ai: Vec<String>,
    /// Levels at which `ai --domain boxes` must prove it (beside `ai`'s).
    pub boxes: Vec<String>,
}

fn header_value(text: &str, key: &str) -> Option<String> {
    text.lines()
        .take_while(|l| l.starts_with("//") || l.starts_with(';'))
        .find_map(|l| l.trim_start_matches(['/', ';']).trim().strip_prefix(key).map(|v| v.trim().to_string()))
}

pub fn programs() -> Vec<TestProgram> {
    programs_in("llvm-tests")
}

/// The test programs of a directory of `llvm-tests/` (`decided: none`: at no level yet).
pub fn programs_in(dir: &str) -> Vec<TestProgram> {
    let dir = root().join(dir);
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !matches!(ext, "c" | "i" | "ll") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        let Some(expected) = header_value(&text, "verdict:") else { continue };
        let rel = |q: &Path| q.strip_prefix(root()).unwrap().to_string_lossy().into_owned();
        let mut files = vec![rel(&p)];
        if let Some(extra) = header_value(&text, "files:") {
            files.extend(extra.split_whitespace().map(|f| rel(&dir.join(f))));
        }
        let decided = header_value(&text, "decided:")
            .map(|d| {
                // (a parenthesized remark says why)
                let levels = d.split('(').next().unwrap_or_default();
                levels.split_whitespace().filter(|l| *l != "none").map(str::to_string).collect()
            })
            .unwrap_or_else(|| vec!["O0".into(), "O2".into()]);
        let levels = |key: &str| -> Vec<String> {
            header_value(&text, key).map(|d| d.split_whitespace().map(str::to_string).collect()).unwrap_or_default()
        };
        let (ai, boxes) = (levels("ai:"), levels("boxes:"));
        out.push(TestProgram { files, expected: expected.to_uppercase(), decided, ai, boxes });
    }
    out
}

/// Validates `instance` against the JSON schema in the file `schema`
/// (relative to the repository); panics with every violation.
pub fn assert_valid(schema: &str, instance: &serde_json::Value, what: &str) {
    let text = std::fs::read_to_string(root().join(schema)).unwrap_or_else(|e| panic!("{schema}: {e}"));
    let schema_json: serde_json::Value = serde_json::from_str(&text).expect("the schema is JSON");
    let validator = jsonschema::validator_for(&schema_json).expect("the schema compiles");
    let errors: Vec<String> =
        validator.iter_errors(instance).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{what} violates {schema}:\n{}\n{instance:#}", errors.join("\n"));
}

/// Runs `ufo verify --json` and returns the parsed report and exit code. Every
/// report is validated against the documented schema (docs/report.schema.json).
pub fn verify(files: &[String], extra: &[&str]) -> (i32, serde_json::Value) {
    let mut args: Vec<&str> = vec!["verify", "--json"];
    args.extend(files.iter().map(String::as_str));
    args.extend_from_slice(extra);
    let (code, out, err) = ufo(&args);
    let json = serde_json::from_str(&out)
        .unwrap_or_else(|e| panic!("no JSON from {args:?}: {e}\nstdout: {out}\nstderr: {err}"));
    assert_valid("docs/report.schema.json", &json, &format!("{args:?}"));
    (code, json)
}

/// The verdict of a `--json` run, after checking its answer: SAFE with a
/// checked certificate, UNSAFE with a replayed, non-empty trace, else exit 20;
/// never the opposite of `expected`.
pub fn check_answer(expected: &str, json: &serde_json::Value, code: i32, what: &str) -> String {
    let verdict = json["verdict"].as_str().unwrap().to_string();
    match verdict.as_str() {
        "SAFE" => {
            assert_eq!(code, 0, "{what}");
            // invariants, or a complete unrolling's bound (both checked again)
            let locations = json["certificate"]["locations"].as_array();
            let bounded = json["certificate"]["complete_within"].as_u64().is_some_and(|k| k > 0);
            assert!(locations.is_some_and(|l| !l.is_empty()) || bounded, "{what}: SAFE without a checked certificate");
        }
        "UNSAFE" => {
            assert_eq!(code, 10, "{what}");
            assert_eq!(json["counterexample"]["replay"]["reached"], true, "{what}: UNSAFE without replay");
            assert!(json["counterexample"]["edges"].as_u64().is_some_and(|e| e > 0), "{what}: empty path");
        }
        _ => assert_eq!(code, 20, "{what}"),
    }
    assert!(verdict == expected || verdict == "UNKNOWN", "{what}: WRONG verdict {verdict}, expected {expected}");
    verdict
}

/// `ufo verify --json FILE ARGS`, its answer checked (`check_answer`) and
/// required to be `expected`; the report.
pub fn verify_expecting(file: &str, args: &[&str], expected: &str) -> serde_json::Value {
    let (code, json) = verify(&[file.to_string()], args);
    let what = format!("{file} {}", args.join(" "));
    let verdict = check_answer(expected, &json, code, &what);
    assert_eq!(verdict, expected, "{what}: {}", json["reason"]);
    json
}

/// `f` over `items` on as many threads as the machine has cores, the results
/// in the order of `items`: for long loops of single-threaded runs (one
/// engine, not the portfolio), which would leave a core idle once the other
/// tests of their binary have ended. A panic in `f` fails the caller.
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, items.len().max(1));
    let next = AtomicUsize::new(0);
    let done = std::sync::Mutex::new(Vec::with_capacity(items.len()));
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = f(item);
                done.lock().unwrap_or_else(|e| e.into_inner()).push((i, r));
            });
        }
    });
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}
