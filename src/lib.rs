//! ufo: a verifier for C programs at the LLVM-IR level.
//!
//! ```text
//!  .c/.i --clang--> .bc/.ll --load--> normalize --optimize(-O level)--> translate
//!    --> Program (locations, edges, live variables)   [frontend, ir]
//!    --> slice, WTO                                   [cfg]
//!    --> engine (UFO with a POST; BMC; ...)  -- Z3 -- [engines, smt]
//!    --> report (text, JSON)                          [driver]
//! ```
//!
//! Dependency firewalls: only `frontend` sees LLVM, only `smt` sees Z3, only
//! `main` sees the command line.
//!
//! The LLVM version is a build feature: `llvm19` (the default) or `llvm14`
//! (the LLVM-14 pass plugin's copy of the library); both are read through one
//! name, `llvm_sys`.

#[cfg(all(feature = "llvm19", feature = "llvm14"))]
compile_error!("features `llvm19` and `llvm14` exclude each other: build with --no-default-features --features llvm14");
#[cfg(not(any(feature = "llvm19", feature = "llvm14")))]
compile_error!("choose the LLVM to build on: feature `llvm19` (default) or `llvm14`");
#[cfg(feature = "llvm14")]
pub extern crate llvm_sys_140 as llvm_sys;
#[cfg(all(feature = "llvm19", not(feature = "llvm14")))]
pub extern crate llvm_sys_191 as llvm_sys;

pub mod bench;
pub mod cc;
pub mod cfg;
pub mod check;
pub mod compare_opt;
pub mod driver;
pub mod engines;
pub mod error;
pub mod explain;
pub mod frontend;
pub mod ir;
pub mod pipeline_options;
pub mod program_inputs;
pub mod replay;
pub mod report;
pub mod smt;
