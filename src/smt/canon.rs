//! Canonical constants: one Z3 constant per program variable, named after it.
//! ARG labels and invariants are formulas over the canonical constants of their
//! location's in-scope variables, so labels of nodes at the same location are
//! directly comparable (the covering check of UFO §4, Fig. 3 line 43).

use super::lower::{Lowerer, Val};
use super::raise::Names;
use crate::ir::{LocId, Program, VarId};
use std::collections::HashMap;
use z3::ast::Bool;

/// The canonical constants of a program.
pub struct Canon {
    vals: HashMap<VarId, Val>,
}

/// SMT-LIB's and Z3's own function symbols that LLVM also uses as value
/// names (`%and = and i32 %x, 1`): a constant named so would read back as the
/// function when a certificate's text is parsed.
const RESERVED: [&str; 22] = [
    "and", "or", "xor", "not", "ite", "true", "false", "distinct", "let", "forall", "exists", "select", "store", "div",
    "mod", "rem", "abs", "to_real", "to_int", "is_int", "implies", "iff",
];

/// The conversions between bit-vectors and integers, under their SMT-LIB 2.7
/// names (Z3's) and 2.6 names (cvc5's: `check::validate` renames them), reserved
/// as [`RESERVED`].
const CONVERSIONS: [&str; 6] = ["ubv_to_int", "sbv_to_int", "int_to_bv", "bv2nat", "bv2int", "int2bv"];

/// The name of a variable's canonical constant: its own, unless that is a
/// reserved symbol ([`RESERVED`]), then with `!v` appended.
pub fn constant_name(var: &str) -> String {
    if RESERVED.contains(&var) || CONVERSIONS.contains(&var) {
        format!("{var}!v")
    } else {
        var.to_string()
    }
}

impl Canon {
    pub fn new(p: &Program, l: &Lowerer) -> Canon {
        let vals = (0..p.vars.len() as u32)
            .map(VarId)
            .map(|v| (v, l.constant(&constant_name(&p.var(v).name), p.var(v).sort)))
            .collect();
        Canon { vals }
    }
    pub fn of(&self, v: VarId) -> &Val {
        &self.vals[&v]
    }
    /// The state of a location: its in-scope variables' canonical constants.
    pub fn state(&self, p: &Program, loc: LocId) -> HashMap<VarId, Val> {
        p.loc(loc).live.iter().map(|v| (*v, self.vals[v].clone())).collect()
    }
    /// Which variable each canonical constant name stands for, for raising
    /// a formula at `loc` (`smt::raise`): where variables share a name, the
    /// one in scope at `loc` wins.
    pub fn names(&self, p: &Program, loc: LocId) -> Names {
        let mut names: Names = HashMap::new();
        let live = &p.loc(loc).live;
        for v in (0..p.vars.len() as u32).map(VarId).filter(|v| !live.contains(v)).chain(live.iter().copied()) {
            names.insert(constant_name(&p.var(v).name), (v, p.var(v).sort));
        }
        names
    }

    /// The range constraints of a location's in-scope variables (`lia`).
    pub fn ranges(&self, p: &Program, l: &Lowerer, loc: LocId) -> Vec<Bool> {
        p.loc(loc).live.iter().filter_map(|v| l.range(&self.vals[v], p.var(*v).sort)).collect()
    }
}
