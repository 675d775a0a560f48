//! The precision of a CEGAR analysis, per location (CPAchecker's
//! "precision adjustment" operator keeps one; papers/ufo-under-over-approximations.txt
//! §6: the predicates of cpUFO/bpUFO, CP and BP; papers/explicit-value-cegar-interpolation.txt
//! §III: the variables an explicit-value analysis tracks): what the abstract
//! POST may use at each location. Refinement only adds to it, so every
//! analysis that reads it refines monotonically.
//!
//! Invariants: an item is kept once per location (by its [`Item::key`]), in
//! the order it was added; [`Precision::add`] reports whether it was new.

use crate::ir::{LocId, VarId};
use crate::smt::Formula;
use std::collections::HashSet;

/// Something a precision tracks at a location: a predicate, a variable.
pub trait Item: Clone {
    /// Equal keys are the same item.
    fn key(&self) -> String;
}

impl Item for Formula {
    /// Z3's printing: the same term prints the same.
    fn key(&self) -> String {
        self.to_string()
    }
}

impl Item for VarId {
    fn key(&self) -> String {
        self.0.to_string()
    }
}

/// Per location, the items tracked there.
#[derive(Clone, Debug)]
pub struct Precision<T: Item> {
    items: Vec<Vec<T>>,
    seen: Vec<HashSet<String>>,
}

impl<T: Item> Precision<T> {
    /// Nothing tracked at any of `locations` locations.
    pub fn new(locations: usize) -> Precision<T> {
        Precision { items: vec![Vec::new(); locations], seen: vec![HashSet::new(); locations] }
    }

    /// The items of `loc`, in the order they were added.
    pub fn at(&self, loc: LocId) -> &[T] {
        &self.items[loc.0 as usize]
    }

    /// Tracks `item` at `loc`; `true` if it was not tracked there yet.
    pub fn add(&mut self, loc: LocId, item: T) -> bool {
        let i = loc.0 as usize;
        let new = self.seen[i].insert(item.key());
        if new {
            self.items[i].push(item);
        }
        new
    }

    /// Tracks each item at its location; returns the locations that gained
    /// one, sorted, each once.
    pub fn extend(&mut self, items: impl IntoIterator<Item = (LocId, T)>) -> Vec<LocId> {
        let mut gained = Vec::new();
        for (loc, item) in items {
            if self.add(loc, item) {
                gained.push(loc);
            }
        }
        gained.sort();
        gained.dedup();
        gained
    }

    /// Items tracked, over all locations.
    pub fn len(&self) -> usize {
        self.items.iter().map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Items are kept once per location, in order; `extend` names each
    /// location that gained one once.
    #[test]
    fn a_precision_grows_monotonically_and_reports_what_it_gained() {
        let mut p: Precision<VarId> = Precision::new(3);
        assert!(p.add(LocId(1), VarId(4)));
        assert!(!p.add(LocId(1), VarId(4)));
        assert!(p.add(LocId(2), VarId(4)));
        let gained = p.extend([(LocId(2), VarId(5)), (LocId(1), VarId(4)), (LocId(2), VarId(6)), (LocId(0), VarId(1))]);
        assert_eq!(gained, vec![LocId(0), LocId(2)]);
        assert_eq!(p.at(LocId(2)), &[VarId(4), VarId(5), VarId(6)]);
        assert_eq!(p.at(LocId(1)), &[VarId(4)]);
        assert_eq!(p.len(), 5);
    }
}
