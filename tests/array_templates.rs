//! The `arrays` engine (issue 49: quantified templates kept by Houdini)
//! against concrete execution: random fill-and-check programs over an
//! array of at most 8 cells, each run natively for every `n` the program
//! accepts. A SAFE answer must have a passing certificate check and no
//! failing run; the engine must also prove some of the programs that no
//! run fails (it is not a test of a do-nothing engine).

mod common;
use common::*;
use std::process::Command;

/// A small deterministic generator (the programs are the same every run).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> i64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n) as i64
    }
}

/// One program: a fill loop (up or down, optionally copying through a
/// second array) and a check loop with a comparison that may fail.
fn program(g: &mut Lcg) -> String {
    let (a, b) = (g.next(5) - 2, g.next(7) - 3);
    let fill = match g.next(3) {
        0 => format!("for (int i = 0; i < n; i++) a[i] = {a} * i + {b};"),
        1 => format!("for (int i = n - 1; i >= 0; i--) a[i] = {a} * i + {b};"),
        _ => format!("for (int i = 0; i < n; i++) c[i] = {a} * i + {b};\n  for (int i = 0; i < n; i++) a[i] = c[i];"),
    };
    let rel = ["==", "<=", ">=", "!="][g.next(4) as usize];
    let (c, d) = (a + g.next(3) - 1, b + g.next(3) - 1);
    format!(
        "#include <assert.h>\nextern int __VERIFIER_nondet_int(void);\nint main(void) {{\n  int a[8], c[8];\n  \
         int n = __VERIFIER_nondet_int();\n  if (n < 0 || n > 8) return 0;\n  {fill}\n  \
         for (int x = 0; x < n; x++) assert(a[x] {rel} {c} * x + {d});\n  return 0;\n}}\n"
    )
}

/// Whether some `n` in 0..=8 makes the program fail natively.
fn fails_natively(dir: &std::path::Path, src: &std::path::Path) -> bool {
    let driver = dir.join("driver.c");
    std::fs::write(&driver, "#include <stdlib.h>\nint __VERIFIER_nondet_int(void) { return atoi(getenv(\"N\")); }\n")
        .unwrap();
    let exe = dir.join("prog");
    let built = Command::new("clang-19").arg("-w").arg("-o").arg(&exe).arg(src).arg(&driver).status().unwrap();
    assert!(built.success(), "clang-19 builds {}", src.display());
    (0..=8).any(|n| !Command::new(&exe).env("N", n.to_string()).status().unwrap().success())
}

#[test]
fn array_templates_never_prove_a_program_a_run_fails() {
    let dir = std::env::temp_dir().join(format!("ufo-array-templates-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut g = Lcg(49);
    let (mut proved, mut safe, mut failing) = (0, 0, 0);
    for k in 0..24 {
        let text = program(&mut g);
        let src = dir.join(format!("p{k}.c"));
        std::fs::write(&src, &text).unwrap();
        let fails = fails_natively(&dir, &src);
        let level = if k % 2 == 0 { "O0" } else { "O2" };
        let file = src.display().to_string();
        let (code, json) = verify(&[file], &["--opt", level, "--engine", "arrays", "--timeout", "30"]);
        // (SAFE only with a checked certificate, and never where a run fails)
        let expected = if fails { "UNSAFE" } else { "SAFE" };
        let verdict = check_answer(expected, &json, code, &format!("at {level}:\n{text}"));
        assert_ne!(verdict, "UNSAFE", "the engine never refutes:\n{text}");
        proved += usize::from(verdict == "SAFE");
        safe += usize::from(!fails);
        failing += usize::from(fails);
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("{proved} of {safe} safe programs proved; {failing} programs a run fails");
    assert!(failing >= 4 && safe >= 4, "a mix: {safe} safe, {failing} failing");
    assert!(proved * 2 >= safe, "the templates prove at least half of the {safe} safe programs: {proved}");
}
