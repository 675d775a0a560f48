//! Compiles the C++ shims against the headers of the LLVM the plugin is built
//! for (the one feature `llvm14` … `llvm19`): `cpp/register.cc` registers the
//! pass with the new pass manager, `cpp/diagnostics.cc` emits ufo's answers
//! through LLVM's diagnostic handler (LLVM's C API can do neither).

use std::process::Command;

/// (major, llvm-sys's version suffix), as in ufo's build.rs.
const VERSIONS: [(&str, &str); 6] =
    [("14", "140"), ("15", "150"), ("16", "160"), ("17", "170"), ("18", "181"), ("19", "191")];

fn llvm_config(major: &str, sys: &str, arg: &str) -> String {
    let prefix = std::env::var(format!("LLVM_SYS_{sys}_PREFIX")).unwrap_or_else(|_| format!("/usr/lib/llvm-{major}"));
    let candidates = [format!("{prefix}/bin/llvm-config"), format!("llvm-config-{major}")];
    for c in &candidates {
        if let Ok(out) = Command::new(c).arg(arg).output() {
            if out.status.success() {
                return String::from_utf8_lossy(&out.stdout).trim().to_string();
            }
        }
    }
    panic!("llvm-config for LLVM {major} not found (apt-get install llvm-{major}-dev)");
}

fn main() {
    println!("cargo:rerun-if-changed=cpp/diagnostics.cc");
    println!("cargo:rerun-if-changed=cpp/register.cc");
    let chosen: Vec<_> =
        VERSIONS.iter().filter(|(m, _)| std::env::var_os(format!("CARGO_FEATURE_LLVM{m}")).is_some()).collect();
    let &&(major, sys) = match chosen.as_slice() {
        [one] => one,
        _ => panic!("choose exactly one LLVM feature: --no-default-features --features llvmNN (default llvm19)"),
    };
    println!("cargo:rerun-if-env-changed=LLVM_SYS_{sys}_PREFIX");
    let mut build = cc::Build::new();
    build
        .cpp(true)
        .include(llvm_config(major, sys, "--includedir"))
        .file("cpp/diagnostics.cc")
        .file("cpp/register.cc")
        .flag_if_supported("-std=c++17");
    if llvm_config(major, sys, "--has-rtti") != "YES" {
        build.flag_if_supported("-fno-rtti");
    }
    build.warnings(false).compile("ufo-plugin-shims");
}
