//! Procedures with summaries (issue 44 §2; DESIGN.md "Procedures and function
//! pointers"): a program whose recursion stays recursive, as one program per
//! procedure beside the entry's. Every function of a recursive cycle that is
//! left after `tailcallelim` is a procedure; everything else is inlined as
//! everywhere. A call of a procedure is a `Havoc` of its result with
//! [`HavocKind::Summary`](super::HavocKind::Summary), whose meaning is the
//! procedure's summary: the relation of its parameters' values on entry to
//! its result at its exit. Its Horn clauses are non-linear, one predicate per
//! location as in the linear encoding plus one *calling context* per
//! procedure (the argument values it is called with), as SeaHorn's and
//! Ultimate's encodings have them (`chc::procedures`).
//!
//! Invariants of a procedure's program (`frontend::procedures` builds them):
//! its parameters are SSA values no statement assigns after the first edge,
//! which havocs them (an input each, as for any entry other than `main`), and
//! they are in scope at every location after it, so that the exit location's
//! state is the summary's tuple (`params`, then the result if any, in the
//! location's `live` order); every `ret` goes to the one exit location and
//! assigns the result there. A procedure touches no memory (no region):
//! programs whose recursive functions read or write memory keep the bounded
//! copies only.

use super::{LocId, Program, VarId};
use serde::{Deserialize, Serialize};

/// One recursive function as a program of its own.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Procedure {
    /// The function's program: its entry havocs the parameters.
    pub program: Program,
    /// The parameters' variables, in parameter order.
    pub params: Vec<VarId>,
    /// The variable the result is assigned to on the way to `exit` (none for
    /// a `void` function).
    pub ret: Option<VarId>,
    /// The location every `ret` goes to.
    pub exit: LocId,
}

impl Procedure {
    /// The function's name.
    pub fn name(&self) -> &str {
        &self.program.function
    }
}

/// The entry function with summary calls, and the procedures they call.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Procedures {
    pub main: Program,
    pub procedures: Vec<Procedure>,
}

impl Procedures {
    /// The index of the procedure named `name`.
    pub fn index(&self, name: &str) -> Option<usize> {
        self.procedures.iter().position(|p| p.name() == name)
    }

    /// The programs: the entry's (index 0), then each procedure's.
    pub fn programs(&self) -> impl Iterator<Item = &Program> {
        std::iter::once(&self.main).chain(self.procedures.iter().map(|p| &p.program))
    }
}
