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
