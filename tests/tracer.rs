//! TRACER (issue 46, papers/tracer-symbolic-execution-minimax.txt) on C
//! programs: the paper's Fig. 1, Fig. 2 and Fig. 3(a)-(d) written in C, each proved with a
//! certificate the check accepts and its unsafe variant found with a trace
//! that replays. The algorithm's own examples (the interpolants of Fig. 1,
//! the conflict of Fig. 2, Fig. 3's programs, §5's annotation) are the
//! engine's unit tests.

mod common;
use common::*;

const DIR: &str = "tests/data/tracer";

fn run(file: &str) -> serde_json::Value {
    let (code, json) = verify(&[format!("{DIR}/{file}")], &["--engine", "tracer", "--opt", "O0", "--timeout", "60"]);
    let expected = if file.contains("safe") { "SAFE" } else { "UNSAFE" };
    check_answer(expected, &json, code, file);
    json
}

#[test]
fn fig1_is_proved_by_its_interpolants_and_its_bug_replayed() {
    let json = run("fig1_safe.c");
    assert_eq!(json["verdict"], "SAFE", "{}", json["reason"]);
    let st = &json["stats"]["tracer"];
    // the second prefix to the branch on y is pruned; no loop, no conflict
    assert!(st["subsumed"].as_u64().is_some_and(|n| n >= 1), "{st}");
    assert_eq!((st["conflicts"].as_u64(), st["invariants"].as_u64()), (Some(0), Some(0)), "{st}");
    let json = run("fig1_bug.c");
    assert_eq!(json["verdict"], "UNSAFE", "{}", json["reason"]);
    let inputs: Vec<i64> =
        json["counterexample"]["inputs"].as_array().unwrap().iter().filter_map(|i| i["value"].as_i64()).collect();
    // y < 1 is the bug (x = 4)
    assert!(inputs.first().is_some_and(|y| *y < 1), "{inputs:?}");
}

#[test]
fn fig2s_loop_is_closed_after_one_conflict_and_its_bug_replayed() {
    let json = run("lock_safe.c");
    assert_eq!(json["verdict"], "SAFE", "{}", json["reason"]);
    let st = &json["stats"]["tracer"];
    assert_eq!(st["conflicts"].as_u64(), Some(1), "{st}");
    assert!(st["invariants"].as_u64().is_some_and(|n| n >= 1) && st["nodes"].as_u64().is_some_and(|n| n < 100), "{st}");
    let json = run("lock_bug.c");
    assert_eq!(json["verdict"], "UNSAFE", "{}", json["reason"]);
}

/// The statistics of `file`'s proof (asserted SAFE).
fn proved(file: &str) -> serde_json::Value {
    let json = run(file);
    assert_eq!(json["verdict"], "SAFE", "{file}: {}", json["reason"]);
    json["stats"]["tracer"].clone()
}

/// The count `key` of TRACER's statistics.
fn count(st: &serde_json::Value, key: &str) -> u64 {
    st[key].as_u64().unwrap_or_else(|| panic!("no {key}: {st}"))
}

#[test]
fn fig3s_programs_are_proved_without_unrolling_and_their_bugs_replayed() {
    // (a): the second branch on x is subsumed by the interpolant of q
    let st = proved("fig3a_safe.c");
    assert!(count(&st, "subsumed") >= 1 && count(&st, "nodes") <= 16, "{st}");
    // (b): one trip through the loop, closed by the slackened counters
    let st = proved("fig3b_safe.c");
    assert_eq!((count(&st, "invariants"), count(&st, "conflicts")), (1, 0), "{st}");
    assert!(count(&st, "max_depth") <= 6, "{st}");
    // (c): 2^17 paths, far fewer nodes
    let st = proved("fig3c_safe.c");
    assert!(count(&st, "nodes") < 2_000 && count(&st, "subsumed") >= 16, "{st}");
    // (d): 2^9 paths; the second branch is subsumed where it joins the first
    let st = proved("fig3d_safe.c");
    assert!(count(&st, "nodes") < 512 && count(&st, "subsumed") >= 1, "{st}");
    for bug in ["fig3a_bug.c", "fig3b_bug.c", "fig3c_bug.c", "fig3d_bug.c"] {
        let json = run(bug);
        assert_eq!(json["verdict"], "UNSAFE", "{bug}: {}", json["reason"]);
    }
}

/// The lines of `file` a run executed, from `llvm-cov gcov` of the coverage
/// data in `dir`.
fn executed_lines(dir: &std::path::Path, file: &str) -> std::collections::BTreeSet<u32> {
    let stem = std::path::Path::new(file).file_stem().unwrap().to_str().unwrap();
    let gcda = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "gcda") && p.to_str().unwrap().ends_with(&format!("-{stem}.gcda")))
        .expect("the program's coverage data");
    let out = std::process::Command::new("llvm-cov-19").arg("gcov").arg(&gcda).current_dir(dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let report = std::fs::read_to_string(dir.join(format!("{stem}.c.gcov"))).unwrap();
    report
        .lines()
        .filter_map(|l| {
            let mut cols = l.split(':').map(str::trim);
            let (count, line) = (cols.next()?, cols.next()?.parse::<u32>().ok()?);
            count.trim_end_matches('*').parse::<u64>().ok().filter(|c| *c > 0).map(|_| line)
        })
        .collect()
}

/// `--tests DIR`: a harness per path TRACER explored to its end, each
/// naming its path; linked with the program natively (clang, coverage on),
/// each run executes every line of its path, and the runs go six different
/// ways: every feasible combination of the three branches (the sums 1, 2,
/// 5, 6, 9, 13 the program prints). With the bug, the error path is a test
/// too, and its run reaches the failed assertion.
#[test]
fn tests_written_with_the_proof_run_their_paths_natively() {
    let tmp = tempfile::tempdir().unwrap();
    for (file, want) in [("paths.c", vec![1, 2, 5, 6, 9, 13]), ("paths_bug.c", vec![13])] {
        let out = tmp.path().join(file.trim_end_matches(".c"));
        let source = root().join(DIR).join(file);
        let out_dir = out.to_str().unwrap().to_string();
        let (code, json) = verify(
            &[source.to_str().unwrap().to_string()],
            &["--engine", "tracer", "--opt", "O0", "--tests", &out_dir, "--timeout", "60"],
        );
        check_answer(if file.contains("bug") { "UNSAFE" } else { "SAFE" }, &json, code, file);
        let written: Vec<String> =
            json["tests"]["written"].as_array().unwrap().iter().map(|w| w.as_str().unwrap().to_string()).collect();
        assert_eq!(written.len(), want.len(), "{}", json["tests"]);
        let mut sums = Vec::new();
        let mut paths = std::collections::BTreeSet::new();
        for (k, test) in written.iter().enumerate() {
            let text = std::fs::read_to_string(test).unwrap();
            // the path's lines, from the harness's first comment
            let lines: Vec<u32> = text
                .lines()
                .take_while(|l| !l.starts_with("*/"))
                .filter_map(|l| l.split_once(&format!("/{file}:")))
                .filter_map(|(_, l)| l.split(':').next()?.parse().ok())
                .collect();
            assert!(lines.len() >= 4, "{test}: {text}");
            paths.insert(lines.clone());
            let run_dir = tmp.path().join(format!("{file}-run{k}"));
            std::fs::create_dir_all(&run_dir).unwrap();
            let exe = run_dir.join("program");
            let built = std::process::Command::new("clang-19")
                .args(["--coverage", "-O0", "-w", "-o"])
                .arg(&exe)
                .arg(test)
                .arg(&source)
                .current_dir(&run_dir)
                .output()
                .unwrap();
            assert!(built.status.success(), "{}", String::from_utf8_lossy(&built.stderr));
            let ran = std::process::Command::new(&exe).current_dir(&run_dir).output().unwrap();
            let printed = String::from_utf8_lossy(&ran.stdout);
            sums.push(printed.lines().next().and_then(|l| l.trim().parse::<i32>().ok()).expect("the sum"));
            let executed = executed_lines(&run_dir, file);
            let missed: Vec<&u32> = lines.iter().filter(|l| !executed.contains(l)).collect();
            assert!(missed.is_empty(), "{test}: lines {missed:?} of its path not executed ({executed:?})");
            if file.contains("bug") {
                assert_eq!(ran.status.code(), Some(77), "{test}: the error is reached ({printed})");
            } else {
                assert!(ran.status.success(), "{test}: {printed}");
            }
        }
        assert_eq!(paths.len(), written.len(), "each test a path of its own");
        sums.sort_unstable();
        assert_eq!(sums, want, "{file}");
    }
    // only TRACER explores paths: another engine is a usage error, not an empty directory
    let (code, _, err) = ufo(&["verify", "--tests", tmp.path().to_str().unwrap(), &format!("{DIR}/paths.c")]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--engine tracer"), "{err}");
}

/// The search's bounds are options: past `--max-nodes` tree nodes or a path
/// of `--max-depth` edges the answer is UNKNOWN naming the bound, never
/// SAFE (Fig. 3(c) needs some 600 nodes and paths of 36 edges at -O0).
#[test]
fn the_search_stops_unknown_at_its_bounds() {
    let file = format!("{DIR}/fig3c_safe.c");
    for (option, value, why) in [("--max-nodes", "50", "past 50 nodes"), ("--max-depth", "10", "more than 10 edges")] {
        let (code, json) = verify(std::slice::from_ref(&file), &["--engine", "tracer", "--opt", "O0", option, value]);
        assert_eq!((code, json["verdict"].as_str()), (20, Some("UNKNOWN")), "{option}: {}", json["reason"]);
        assert!(json["reason"].as_str().is_some_and(|r| r.contains(why)), "{option}: {}", json["reason"]);
    }
    let json = run("fig3c_safe.c");
    assert_eq!(json["verdict"], "SAFE", "within the default bounds: {}", json["reason"]);
}
