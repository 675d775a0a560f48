//! ufo: a verifier for C programs at the LLVM-IR level.
//!
//! ```text
//!  .c/.i --clang--> .bc/.ll --load--> normalize --optimize(-O level)--> translate
//!    --> Program (locations, edges, live variables)   [frontend, ir]
//!    --> slice, WTO                                   [cfg]
//!    --> engines (a portfolio on threads) -- Z3 --    [portfolio, engines, cegar, chc, smt]
//!    --> check: certificate (SAFE) / replay (UNSAFE)  [check, check::cert, replay]
//!    --> report (text, JSON, witnesses, SARIF)        [driver, report]
//! ```
//!
//! Dependency firewalls (docs/architecture.md, checked by tests/architecture.rs):
//! only `frontend` sees LLVM (through the `llvm_sys` alias below); Z3 only
//! `smt`, `chc`, `check` and the two single-client procedures beside their
//! clients (`post::predabs`, `engines::ufo`'s Houdini); only `main`,
//! `pipeline_options` and `engines::config` parse command lines; no module
//! imports one of its own or a higher layer.
//!
//! The LLVM version is a build feature, exactly one of `llvm19` (the default)
//! … `llvm14` (checked by build.rs); every LLVM is read through one name,
//! `llvm_sys`.

#[cfg(feature = "llvm14")]
pub extern crate llvm_sys_140 as llvm_sys;
#[cfg(feature = "llvm15")]
pub extern crate llvm_sys_150 as llvm_sys;
#[cfg(feature = "llvm16")]
pub extern crate llvm_sys_160 as llvm_sys;
#[cfg(feature = "llvm17")]
pub extern crate llvm_sys_170 as llvm_sys;
#[cfg(feature = "llvm18")]
pub extern crate llvm_sys_181 as llvm_sys;
#[cfg(feature = "llvm19")]
pub extern crate llvm_sys_191 as llvm_sys;

pub mod answer;
pub mod bench;
pub mod cache;
pub mod cc;
pub mod cegar;
pub mod cexpr;
pub mod cfg;
pub mod chc;
pub mod check;
pub mod child;
pub mod compare_opt;
pub mod deadline;
pub mod domains;
pub mod driver;
pub mod engines;
pub mod error;
pub mod explain;
pub mod frontend;
pub mod ir;
pub mod member;
pub mod memory_guard;
pub mod pipeline_options;
pub mod plugins;
pub mod portfolio;
pub mod post;
pub mod program_inputs;
pub mod project;
pub mod replay;
pub mod report;
pub mod runner;
pub mod smt;
pub mod stderr_mute;
pub mod threads;
pub mod trace;
