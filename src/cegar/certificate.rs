//! Labels to a certificate: the candidate certificate of a complete ARG is,
//! per location, the disjunction of the labels of its uncovered nodes
//! (papers/ufo-under-over-approximations.txt §3: a complete, safe ARG's
//! labels are an inductive invariant), raised from Z3 terms over canonical
//! constants to the program's terms (`smt::raise`). Every CEGAR engine that
//! ends with a safe ARG answers with it; `check/` decides.
//!
//! Invariant: a location no node labels gets `false` (no uncovered node
//! reached it); a label that does not raise makes the whole certificate an
//! error (never a weaker certificate).

use crate::answer::Certificate;
use crate::ir::{LocId, Program};
use crate::smt::canon::Canon;
use crate::smt::{raise, Formula, FormulaOps, IntSemantics};

/// The certificate of `labels` (location, label), joined per location.
pub fn from_labels(
    p: &Program,
    canon: &Canon,
    sem: IntSemantics,
    labels: impl IntoIterator<Item = (LocId, Formula)>,
) -> Result<Certificate, String> {
    let mut per_loc: Vec<Vec<Formula>> = vec![Vec::new(); p.locs.len()];
    for (loc, f) in labels {
        per_loc[loc.0 as usize].push(f);
    }
    let invariants = p
        .loc_ids()
        .zip(&per_loc)
        .map(|(loc, ls)| raise::raise(&Formula::or(ls).simplify(), &canon.names(p, loc)))
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Certificate::of_invariants(sem, invariants))
}

/// The labels of the uncovered nodes of `arg` but its error node, as
/// [`from_labels`] takes them; `label` reads a node's label (a POST's
/// `to_label` of its value).
pub fn uncovered_labels<'a>(
    arg: &'a super::Arg,
    label: impl Fn(&Formula) -> Formula + 'a,
) -> impl Iterator<Item = (LocId, Formula)> + 'a {
    let uncovered = arg.uncovered();
    arg.nodes
        .iter()
        .enumerate()
        .filter(move |(i, _)| uncovered[*i] && *i != arg.error)
        .map(move |(_, n)| (n.loc, label(&n.label)))
}
