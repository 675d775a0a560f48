//! The C dialect ufo compiles: legacy C as clang 14 took it (issue 55).
//!
//! Since clang 16, four diagnostics that C89-style code (old code bases,
//! most SV-COMP tasks) triggers everywhere are errors by default: a call to
//! an undeclared function, an implicit `int`, an integer assigned to a
//! pointer, an incompatible function pointer assigned. GCC and clang 14 took
//! them with a warning, and so does ufo: they are downgraded to warnings
//! ([`flags`]), every other warning stays silent, and the warnings clang
//! printed are read back ([`relaxed`]) so that the report lists what was
//! relaxed, where. `--strict-c` keeps clang's defaults (the program is then
//! refused with clang's message). The replay compiles the same source, so
//! it relaxes the same diagnostics ([`replay_flags`]).
//!
//! Invariant: only these four diagnostics are relaxed; what they accept is
//! what clang 14 compiled (the same code, the conversions C89 defines), so
//! the program verified is the program a user's older compiler builds.

pub use crate::ir::Relaxed;

/// The diagnostics relaxed (clang's warning groups, without `-W`).
pub const RELAXED: [&str; 4] =
    ["implicit-function-declaration", "implicit-int", "int-conversion", "incompatible-function-pointer-types"];

/// The replay's flags: its builds are silent (`-w`), and the relaxed
/// diagnostics are not errors (the frontend accepted the program).
pub fn replay_flags() -> Vec<String> {
    RELAXED.iter().map(|d| format!("-Wno-error={d}")).collect()
}

/// The warning flags of ufo's own compile of C: with `strict`, none but
/// silence (`-w`: clang's errors stay errors); otherwise every warning off
/// but the relaxed ones, which are warnings, not errors.
pub fn flags(strict: bool) -> Vec<String> {
    if strict {
        return vec!["-w".to_string()];
    }
    let mut v = vec!["-Wno-everything".to_string()];
    v.extend(RELAXED.iter().map(|d| format!("-W{d}")));
    v.extend(replay_flags());
    v
}

/// The relaxed diagnostics in clang's output (`file:line:col: warning:
/// message [-Wgroup]`), in order, each once.
pub fn relaxed(stderr: &str) -> Vec<Relaxed> {
    let mut found: Vec<Relaxed> = Vec::new();
    for line in stderr.lines() {
        let Some((place, rest)) = line.split_once(": warning: ") else { continue };
        let Some((message, group)) = rest.rsplit_once(" [-W") else { continue };
        let diagnostic = group.trim_end_matches(']');
        if !RELAXED.contains(&diagnostic) {
            continue;
        }
        let mut parts = place.rsplitn(3, ':');
        let (Some(column), Some(line), Some(file)) = (parts.next(), parts.next(), parts.next()) else { continue };
        let (Ok(column), Ok(line)) = (column.parse(), line.parse()) else { continue };
        let r = Relaxed {
            file: file.to_string(),
            line,
            column,
            diagnostic: diagnostic.to_string(),
            message: message.to_string(),
        };
        if !found.contains(&r) {
            found.push(r);
        }
    }
    found
}

/// The program's warning for the report: how many diagnostics were
/// relaxed, the first of them, and how to refuse them instead.
pub fn warning(relaxed: &[Relaxed]) -> Option<String> {
    let first = relaxed.first()?;
    let more = match relaxed.len() {
        1 => String::new(),
        n => format!(" (and {} more)", n - 1),
    };
    Some(format!("legacy C compiled as clang 14 did: {first}{more} is a warning, not an error (--strict-c refuses it)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_relaxed_warnings_are_read_back_and_others_ignored() {
        let stderr = "\
leg.c:7:11: warning: call to undeclared function 'unknown1'; ISO C99 and later do not support implicit function declarations [-Wimplicit-function-declaration]
    7 |   int n = unknown1();
leg.c:9:5: warning: incompatible integer to pointer conversion assigning to 'fp' (aka 'int (*)(int)') from 'int' [-Wint-conversion]
dir/a b.c:3:8: warning: type specifier missing, defaults to 'int' [-Wimplicit-int]
leg.c:2:1: warning: unused variable 'x' [-Wunused-variable]
leg.c:9:5: warning: incompatible integer to pointer conversion assigning to 'fp' (aka 'int (*)(int)') from 'int' [-Wint-conversion]
3 warnings generated.";
        let r = relaxed(stderr);
        assert_eq!(r.len(), 3, "{r:?}");
        assert_eq!((r[0].file.as_str(), r[0].line, r[0].column), ("leg.c", 7, 11));
        assert_eq!(r[0].diagnostic, "implicit-function-declaration");
        assert!(r[0].message.starts_with("call to undeclared function 'unknown1'"));
        assert_eq!(r[1].diagnostic, "int-conversion");
        assert_eq!((r[2].file.as_str(), r[2].line, r[2].diagnostic.as_str()), ("dir/a b.c", 3, "implicit-int"));
        let w = warning(&r).unwrap();
        assert!(w.contains("leg.c:7:11: call to undeclared function") && w.contains("(and 2 more)"), "{w}");
        assert_eq!(warning(&[]), None);
    }

    #[test]
    fn strict_keeps_clangs_errors() {
        assert_eq!(flags(true), ["-w"]);
        let relaxed = flags(false);
        assert_eq!(relaxed[0], "-Wno-everything");
        for d in RELAXED {
            assert!(relaxed.contains(&format!("-W{d}")) && relaxed.contains(&format!("-Wno-error={d}")));
            assert!(replay_flags().contains(&format!("-Wno-error={d}")));
        }
    }
}
