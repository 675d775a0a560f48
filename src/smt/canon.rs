//! Canonical constants: one Z3 constant per program variable, named after it.
//! ARG labels and invariants are formulas over the canonical constants of their
//! location's in-scope variables, so labels of nodes at the same location are
//! directly comparable (the covering check of UFO §4, Fig. 3 line 43).

use super::lower::{Lowerer, Val};
use crate::ir::{LocId, Program, VarId};
use std::collections::HashMap;
use z3::ast::Bool;

/// The canonical constants of a program.
pub struct Canon {
    vals: HashMap<VarId, Val>,
}

impl Canon {
    pub fn new(p: &Program, l: &Lowerer) -> Canon {
        let vals =
            (0..p.vars.len() as u32).map(VarId).map(|v| (v, l.constant(&p.var(v).name, p.var(v).sort))).collect();
        Canon { vals }
    }
    pub fn of(&self, v: VarId) -> &Val {
        &self.vals[&v]
    }
    /// The state of a location: its in-scope variables' canonical constants.
    pub fn state(&self, p: &Program, loc: LocId) -> HashMap<VarId, Val> {
        p.loc(loc).live.iter().map(|v| (*v, self.vals[v].clone())).collect()
    }
    /// The range constraints of a location's in-scope variables (`lia`).
    pub fn ranges(&self, p: &Program, l: &Lowerer, loc: LocId) -> Vec<Bool> {
        p.loc(loc).live.iter().filter_map(|v| l.range(&self.vals[v], p.var(*v).sort)).collect()
    }
}
