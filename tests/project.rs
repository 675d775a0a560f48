//! A code base verified from its build (issue 52): `ufo project` on the CMake
//! project `tests/data/project` (two programs, a library with a harness
//! marked `annotate("ufo_entry")`, a unit that does not compile), then the
//! verdict cache: a second run answered from it, a tampered entry rejected
//! by the check, and eight `ufo cc` writing one cache at once.
//!
//! The tests of this file turn the cache on for themselves (the test suite
//! runs with `UFO_NO_CACHE`, `.cargo/config.toml`), each in a directory of
//! its own, and run one at a time (`SERIAL`): the second run's time is
//! compared with the first's.

mod common;
use common::root;
use serde_json::Value;
use std::path::Path;
use std::process::Command;
use std::sync::Mutex;

static SERIAL: Mutex<()> = Mutex::new(());

/// `ufo ARGS` in `dir` with the cache in `cache`: exit code, stdout, stderr.
fn ufo_with_cache(args: &[&str], dir: &Path, cache: &Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ufo"))
        .args(args)
        .current_dir(dir)
        .env_remove("UFO_NO_CACHE")
        .env_remove("UFO_OPTIONS")
        .env("UFO_CACHE_DIR", cache)
        .output()
        .expect("ufo runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

/// Configures the project with CMake into `build` (compile_commands.json only:
/// nothing is built, so the unit that does not compile does not stop it).
fn configure(build: &Path) {
    let out = Command::new("cmake")
        .arg("-S")
        .arg(root().join("tests/data/project"))
        .arg("-B")
        .arg(build)
        .output()
        .expect("cmake runs (scripts/setup installs it)");
    assert!(out.status.success(), "cmake failed:\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(build.join("compile_commands.json").is_file());
}

/// One `ufo project` run: its exit code, JSON document, SARIF log and wall time.
fn project(build: &Path, cache: &Path) -> (i32, Value, Value, f64, String) {
    let json = build.join("run.json");
    let sarif = build.join("run.sarif");
    let t = std::time::Instant::now();
    let (code, out, err) = ufo_with_cache(
        &["project", "-p", ".", "--json", json.to_str().unwrap(), "--sarif", sarif.to_str().unwrap()],
        build,
        cache,
    );
    let wall = t.elapsed().as_secs_f64();
    let read = |p: &Path| -> Value {
        serde_json::from_str(&std::fs::read_to_string(p).unwrap_or_else(|_| panic!("no {}: {err}", p.display())))
            .unwrap()
    };
    (code, read(&json), read(&sarif), wall, out)
}

/// The entries of a run as (program, entry, verdict, cache).
fn answers(run: &Value) -> Vec<(String, String, String, String)> {
    let s = |v: &Value| v.as_str().unwrap_or("-").to_string();
    let mut out: Vec<_> = run["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (s(&e["program"]), s(&e["entry"]), s(&e["verdict"]), s(&e["cache"])))
        .collect();
    out.sort();
    out
}

fn with_cache(how: &str) -> Vec<(String, String, String, String)> {
    let expected = [("counter", "main", "SAFE"), ("parser", "main", "UNSAFE"), ("queue", "check_queue", "SAFE")];
    expected.iter().map(|(p, e, v)| (p.to_string(), e.to_string(), v.to_string(), how.to_string())).collect()
}

#[test]
fn a_cmake_project_is_verified_from_its_database_then_answered_from_the_cache() {
    let _one = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let tmp = tempfile::tempdir().unwrap();
    let (build, cache) = (tmp.path().join("build"), tmp.path().join("cache"));
    configure(&build);

    let (code, first, sarif, first_wall, text) = project(&build, &cache);
    assert_eq!(code, 10, "an UNSAFE entry: exit 10\n{text}");
    assert_eq!(answers(&first), with_cache("miss"), "{text}");
    // each answer is a checked one: the certificates, the replay
    for e in first["entries"].as_array().unwrap() {
        let r = &e["report"];
        match e["verdict"].as_str() {
            // (invariants, or a complete unrolling: `queue` is bounded by its CAPACITY)
            Some("SAFE") => assert!(
                r["certificate"]["locations"].as_array().is_some_and(|l| !l.is_empty())
                    || r["certificate"]["complete_within"].as_u64().is_some_and(|k| k > 0),
                "{r}"
            ),
            _ => {
                assert_eq!(r["counterexample"]["replay"]["reached"], true, "{r}");
                assert!(e["at"].as_str().unwrap().ends_with("src/parser/main.c:12:3"), "{e}");
            }
        }
    }
    // the harness got its parameter as an input, the counter its STEP and include path
    let queue = first["entries"].as_array().unwrap().iter().find(|e| e["entry"] == "check_queue").unwrap();
    assert!(queue["sources"].as_array().unwrap().len() == 2, "the library's two units are one program");
    // the unit that does not compile: clang's message, the others verified
    let errors = first["build_errors"].as_array().unwrap();
    assert_eq!(errors.len(), 1);
    assert!(errors[0]["file"].as_str().unwrap().ends_with("src/broken/broken.c"));
    assert!(errors[0]["message"].as_str().unwrap().contains("undeclared identifier 'undeclared_value'"), "{errors:?}");
    assert!(text.contains("broken.c") && text.contains("cache: 0 hits, 3 misses"), "{text}");
    // one SARIF log: the bug at its line, the build error as a notification
    let run = &sarif["runs"][0];
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 1);
    let at = &results[0]["locations"][0]["physicalLocation"];
    assert!(at["artifactLocation"]["uri"].as_str().unwrap().ends_with("src/parser/main.c"));
    assert_eq!(at["region"]["startLine"], 12);
    let notes = run["invocations"][0]["toolExecutionNotifications"].as_array().unwrap();
    assert!(notes.iter().any(|n| n["level"] == "error" && n["message"]["text"].as_str().unwrap().contains("broken.c")));

    // the same build again: every entry from the cache, in a fraction of the
    // time (a hit's certificate is checked and its trace replayed again:
    // 0.4 s against a first run of 4.2 s, where `queue`'s unrolling is quick)
    let (code, second, _, second_wall, text) = project(&build, &cache);
    assert_eq!(code, 10);
    assert_eq!(answers(&second), with_cache("hit"), "{text}");
    assert_eq!((second["cache"]["hits"].as_u64(), second["cache"]["misses"].as_u64()), (Some(3), Some(0)));
    assert!(second_wall < first_wall / 4.0, "the cached run took {second_wall:.2} s, the first {first_wall:.2} s");
    // a hit is checked again: its certificate is in the report, the replay ran
    let parser = second["entries"].as_array().unwrap().iter().find(|e| e["program"] == "parser").unwrap();
    assert_eq!(parser["report"]["counterexample"]["replay"]["reached"], true);

    // a tampered entry: the invariants of every stored SAFE answer made
    // `true`, a complete unrolling's bound made 1 step
    let mut tampered = 0;
    for shard in std::fs::read_dir(cache.join("v1")).unwrap().flatten() {
        for f in std::fs::read_dir(shard.path()).unwrap().flatten() {
            let mut entry: Value = serde_json::from_str(&std::fs::read_to_string(f.path()).unwrap()).unwrap();
            let certificate = &mut entry["outcome"]["certificate"];
            if certificate.is_null() {
                continue;
            }
            if certificate["complete_within"].is_u64() {
                certificate["complete_within"] = serde_json::json!(1);
            }
            if let Some(inv) = certificate["invariants"].as_array_mut() {
                inv.iter_mut().for_each(|i| *i = serde_json::json!({ "Bool": true }));
            }
            std::fs::write(f.path(), entry.to_string()).unwrap();
            tampered += 1;
        }
    }
    assert_eq!(tampered, 2, "two SAFE answers were stored");
    let (_, third, _, _, text) = project(&build, &cache);
    let rejected: Vec<_> = answers(&third).into_iter().filter(|a| a.3 == "rejected").map(|a| (a.0, a.2)).collect();
    assert_eq!(rejected, [("counter".to_string(), "SAFE".to_string()), ("queue".into(), "SAFE".into())], "{text}");
    for e in third["entries"].as_array().unwrap().iter().filter(|e| e["cache"] == "rejected") {
        let warnings = e["report"]["warnings"].to_string();
        assert!(warnings.contains("certificate rejected"), "{warnings}");
        let c = &e["report"]["certificate"];
        assert!(c["locations"].as_array().is_some_and(|l| !l.is_empty()) || c["complete_within"].as_u64() > Some(1));
    }
    // re-verified and stored again
    let (_, fourth, _, _, _) = project(&build, &cache);
    assert_eq!(answers(&fourth), with_cache("hit"));
}

#[test]
fn eight_ufo_cc_at_once_leave_one_consistent_cache_entry() {
    let _one = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let tmp = tempfile::tempdir().unwrap();
    let cache = tmp.path().join("cache");
    std::fs::copy(root().join("llvm-tests/fig1_unsafe.c"), tmp.path().join("fig1_unsafe.c")).unwrap();
    let jobs: Vec<_> = (0..8)
        .map(|k| {
            Command::new(env!("CARGO_BIN_EXE_ufo"))
                .args(["cc", "-c", "fig1_unsafe.c", "-o", &format!("out{k}.o")])
                .current_dir(tmp.path())
                .env_remove("UFO_NO_CACHE")
                .env_remove("UFO_OPTIONS")
                .env_remove("UFO_CC")
                .env("UFO_CACHE_DIR", &cache)
                .output()
                .unwrap()
        })
        .collect();
    for out in jobs {
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && err.contains("fig1_unsafe.c:12:15: warning: reach_error() is reachable"),
            "{err}"
        );
    }
    // one program, one key: one entry, whole, under its own key, no temporary file left
    let files: Vec<_> = std::fs::read_dir(cache.join("v1"))
        .unwrap()
        .flatten()
        .flat_map(|shard| std::fs::read_dir(shard.path()).unwrap().flatten().map(|f| f.path()))
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    let entry: Value = serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
    assert_eq!(entry["key"].as_str(), files[0].file_stem().and_then(|s| s.to_str()));
    assert_eq!(entry["verdict"], "UNSAFE");
    // `ufo verify` of the same program at the same level finds it, and checks it
    let (code, out, _) = ufo_with_cache(&["verify", "fig1_unsafe.c", "--opt", "O0", "--json"], tmp.path(), &cache);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!((code, report["cache"].as_str()), (10, Some("hit")));
    assert_eq!(report["counterexample"]["replay"]["reached"], true);
    // `ufo cache` shows it, and empties the store
    let (_, out, _) = ufo_with_cache(&["cache"], tmp.path(), &cache);
    assert!(out.contains("answers: 1 (0 SAFE, 1 UNSAFE)") && out.contains(&cache.display().to_string()), "{out}");
    let (code, out, _) = ufo_with_cache(&["cache", "--clear"], tmp.path(), &cache);
    assert!(code == 0 && out.contains("removed 1 stored answers"), "{out}");
    let (code, out, _) = ufo_with_cache(&["verify", "fig1_unsafe.c", "--opt", "O0", "--json"], tmp.path(), &cache);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!((code, report["cache"].as_str()), (10, Some("miss")));
    // and `--no-cache` neither reads nor writes it
    let (_, out, _) =
        ufo_with_cache(&["verify", "fig1_unsafe.c", "--opt", "O0", "--json", "--no-cache"], tmp.path(), &cache);
    assert!(serde_json::from_str::<Value>(&out).unwrap().get("cache").is_none());
}

#[test]
fn a_broken_database_is_one_line_and_exit_2() {
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("compile_commands.json");
    let cache = tmp.path().join("cache");
    for (text, said) in [
        ("{\"not\": \"an array\"}", "not a compilation database"),
        ("[{\"file\": \"a.c\", \"arguments\": [\"cc\", \"a.c\"]}]", "entry 1: no \"directory\""),
        ("[]", "no C translation unit in the database"),
    ] {
        std::fs::write(&db, text).unwrap();
        let (code, out, err) = ufo_with_cache(&["project", "-p", "."], tmp.path(), &cache);
        assert_eq!(code, 2, "{text}: {out}{err}");
        assert!(err.contains("compile_commands.json") && err.contains(said) && err.lines().count() == 1, "{err}");
    }
    // a unit whose directory is gone is that unit's failure, not the run's
    let gone = r#"[{"directory": "/nonexistent/build", "file": "a.c", "arguments": ["cc", "-c", "a.c"]}]"#;
    std::fs::write(&db, gone).unwrap();
    let (code, out, _) = ufo_with_cache(&["project", "compile_commands.json"], tmp.path(), &cache);
    assert_eq!(code, 20, "{out}");
    assert!(out.contains("/nonexistent/build does not exist") && out.contains("no entry to verify"), "{out}");
}
