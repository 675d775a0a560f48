//! Robustness: 200 random modules from `llvm-stress-19` are loaded and
//! translated (and a few verified) without a panic; every run ends with one of
//! the documented exit codes. (llvm-stress modules are mostly floating point;
//! integer-only optimized IR from random C programs is `tests/fuzz.rs`'s
//! second test, judged by the native oracle.)

mod common;
use common::ufo;
use std::process::Command;

#[test]
fn llvm_stress_modules_never_panic() {
    let dir = tempfile::tempdir().unwrap();
    let mut seen = std::collections::BTreeMap::new();
    for seed in 1..=200u32 {
        let f = dir.path().join(format!("s{seed}.ll"));
        let st = Command::new("llvm-stress-19")
            .args(["-seed", &seed.to_string(), "-size", "60", "-o"])
            .arg(&f)
            .status()
            .expect("llvm-stress-19 is installed (llvm-19-tools)");
        assert!(st.success());
        let entry = "autogen_SD".to_string() + &seed.to_string();
        let file = f.to_str().unwrap();
        let args: Vec<&str> = if seed % 20 == 0 {
            vec!["verify", file, "--entry", &entry, "--engine", "bmc", "--bound", "5", "--timeout", "20"]
        } else {
            vec!["cfg", file, "--entry", &entry, "--opt", if seed % 2 == 0 { "O2" } else { "O0" }]
        };
        let (code, _, err) = ufo(&args);
        assert!(!err.contains("panicked") && !err.contains("internal error"), "seed {seed}: {err}");
        assert!([0, 2, 10, 20].contains(&code), "seed {seed}: exit {code}: {err}");
        *seen.entry(code).or_insert(0) += 1;
    }
    // the generator makes both modules ufo handles and ones it rejects
    assert!(seen.len() >= 2, "{seen:?}");
}
