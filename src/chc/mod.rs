//! Horn clauses and unrollings over the program model, solved by Z3: the ARG
//! condition of a DAG of locations (papers/ufo-under-over-approximations.txt
//! §5, eq. 1–2: `argcond.rs`), the Horn clause of an edge (`clause.rs`), the
//! refinement query and whole-program solving with Spacer (`spacer.rs`), the
//! folded refinement query (`fold.rs`), the clauses with each memory region
//! abstracted to one cell (`cells.rs`), and the export of the whole program as
//! SMT-LIB Horn clauses (`horn.rs`).
//!
//! Layer: above `smt` (the Z3 backend: lowering, terms, solvers, deadlines),
//! below the engines. Invariants: no file of this folder imports one that
//! imports it (`tests/architecture.rs`); every answer is a candidate for the
//! independent check (`check/`), never a verdict.

pub mod argcond;
pub mod cells;
pub mod clause;
pub mod fold;
pub mod horn;
pub mod procedures;
pub mod spacer;

pub use argcond::{argcond, argcond_pinned, Fact};
pub use spacer::{counterexample, refine, whole_program, Attempt, ChcAnswer, Preprocessing, Refinement, SpacerMode};
