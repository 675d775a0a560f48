//! Compiles `cpp/diagnostics.cc`, the small C++ shim that emits ufo's answers
//! through LLVM's diagnostic handler (LLVM's C API cannot emit diagnostics).

use std::process::Command;

fn llvm_config(arg: &str) -> String {
    let prefix = std::env::var("LLVM_SYS_140_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-14".into());
    let candidates = [format!("{prefix}/bin/llvm-config"), "llvm-config-14".into(), "llvm-config".into()];
    for c in &candidates {
        if let Ok(out) = Command::new(c).arg(arg).output() {
            if out.status.success() {
                return String::from_utf8_lossy(&out.stdout).trim().to_string();
            }
        }
    }
    panic!("llvm-config for LLVM 14 not found (apt-get install llvm-14-dev)");
}

fn main() {
    println!("cargo:rerun-if-changed=cpp/diagnostics.cc");
    println!("cargo:rerun-if-env-changed=LLVM_SYS_140_PREFIX");
    let mut build = cc::Build::new();
    build.cpp(true).include(llvm_config("--includedir")).file("cpp/diagnostics.cc").flag_if_supported("-std=c++17");
    if llvm_config("--has-rtti") != "YES" {
        build.flag_if_supported("-fno-rtti");
    }
    build.warnings(false).compile("ufo-diagnostics");
}
