//! Annotation vectors of TRACER's symbolic states
//! (papers/tracer-symbolic-execution-minimax.txt §5): one annotation per
//! constraint of a path, `max` (kept: part of an interpolant, or locked by a
//! conflict), `min` (deleted: weakened away for a loop invariant) or
//! `neutral` (no decision yet), and the operations Fig. 5 combines them with:
//! `mergemin`, `mergemax`, `conflict` and `w̄p` (the annotations of a
//! state's own constraints after those of a successor's edge are dropped).
//!
//! Invariants: a vector is as long as its state has constraints; a child's
//! vector extends its parent's (`v · neut(c̃')`); `mergemin` never turns a
//! `max` into `min` (it reports the clash instead), `mergemax` may turn a
//! `min` into `max` (a conflict's lock).

/// One constraint's annotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ann {
    Neutral,
    Max,
    Min,
}

/// An annotation vector.
pub type Vector = Vec<Ann>;

/// `n` neutral annotations (`neut(c̃)`).
pub fn neut(n: usize) -> Vector {
    vec![Ann::Neutral; n]
}

/// Whether `v1` deletes (`min`) a constraint `v2` keeps (`max`), among the
/// constraints both annotate (§5 `conflict`).
pub fn conflict(v1: &[Ann], v2: &[Ann]) -> bool {
    v1.iter().zip(v2).any(|(a, b)| *a == Ann::Min && *b == Ann::Max)
}

/// §5 `mergemin(v1, v2)`: `v1`'s deletions over `v2`, as long as `v1`;
/// `None` (the paper's ⊥) where `v1` deletes what `v2` keeps.
pub fn mergemin(v1: &[Ann], v2: &[Ann]) -> Option<Vector> {
    if conflict(v1, v2) {
        return None;
    }
    Some(
        v1.iter()
            .enumerate()
            .map(|(i, a)| if *a == Ann::Min { Ann::Min } else { v2.get(i).copied().unwrap_or(*a) })
            .collect(),
    )
}

/// §5 `mergemax(v1, v2)`: `v1`'s kept constraints over `v2` (a `max` of
/// `v1` overrides a `min` of `v2`), as long as the longer of the two.
pub fn mergemax(v1: &[Ann], v2: &[Ann]) -> Vector {
    (0..v1.len().max(v2.len()))
        .map(|i| match (v1.get(i), v2.get(i)) {
            (Some(Ann::Max), _) | (Some(_), None) => v1[i],
            (_, Some(b)) => *b,
            (None, None) => Ann::Neutral,
        })
        .collect()
}

/// Fig. 5 line 19, `w̄p`: a successor's vector back over its parent's `n`
/// constraints (the edge's own annotations dropped).
pub fn wp(v: &[Ann], n: usize) -> Vector {
    v[..n.min(v.len())].to_vec()
}

#[cfg(test)]
mod tests {
    use super::Ann::{Max, Min, Neutral};
    use super::*;

    #[test]
    fn the_merges_keep_what_section_5_says() {
        // mergemin: v1's deletions win, the rest is v2's; a deletion of a kept one clashes
        assert_eq!(mergemin(&[Min, Neutral, Neutral], &[Neutral, Max, Neutral]), Some(vec![Min, Max, Neutral]));
        assert_eq!(mergemin(&[Min, Neutral], &[Max, Neutral]), None);
        assert!(conflict(&[Min, Neutral], &[Max]));
        assert!(!conflict(&[Max, Min], &[Max]));
        // mergemax: v1's kept ones win (a lock overrides a deletion), as long as the longer
        assert_eq!(mergemax(&[Max, Neutral], &[Min, Min, Max]), vec![Max, Min, Max]);
        assert_eq!(mergemax(&[Neutral, Min, Max], &[Max]), vec![Max, Min, Max]);
        // w̄p drops the successor's own constraints
        assert_eq!(wp(&[Max, Min, Max, Neutral], 2), vec![Max, Min]);
        assert_eq!(neut(3), vec![Neutral; 3]);
    }
}
