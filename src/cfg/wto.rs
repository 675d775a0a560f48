//! Weak topological order (Bourdoncle, "Efficient chaotic iteration strategies
//! with widenings", 1993: the recursive algorithm), with the `WTONEXT` and
//! `WTOEXIT` functions of papers/ufo-under-over-approximations.txt §3 that drive
//! the recursive iteration strategy of EXPANDARG (§4, Fig. 3).
//!
//! Works on any graph given as adjacency lists; vertices unreachable from the
//! root are not ordered. Irreducible graphs get a valid WTO too (a component is
//! any strongly connected region the depth-first search finds).

/// An element of a WTO: a vertex, or a component `(head body...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Element {
    Vertex(usize),
    Component(usize, Vec<Element>),
}

impl Element {
    fn first(&self) -> usize {
        match self {
            Element::Vertex(v) | Element::Component(v, _) => *v,
        }
    }
}

/// A weak topological order with the derived maps.
#[derive(Clone, Debug)]
pub struct Wto {
    pub elements: Vec<Element>,
    /// Position of each vertex in the total order (`None`: unreachable).
    pub pos: Vec<Option<usize>>,
    /// For each vertex, the head of the innermost component strictly containing
    /// it (for a head: the enclosing component's head).
    pub parent: Vec<Option<usize>>,
    pub is_head: Vec<bool>,
    next: Vec<Option<usize>>,
    exit: Vec<Option<usize>>,
    /// For each head, the vertices of its component (head and nested ones).
    members: Vec<Vec<usize>>,
}

struct Builder<'a> {
    succ: &'a [Vec<usize>],
    dfn: Vec<u32>,
    num: u32,
    stack: Vec<usize>,
}

const INF: u32 = u32::MAX;

impl Builder<'_> {
    fn visit(&mut self, v: usize, partition: &mut Vec<Element>) -> u32 {
        self.stack.push(v);
        self.num += 1;
        self.dfn[v] = self.num;
        let mut head = self.num;
        let mut is_loop = false;
        for i in 0..self.succ[v].len() {
            let w = self.succ[v][i];
            let min = if self.dfn[w] == 0 { self.visit(w, partition) } else { self.dfn[w] };
            if min <= head {
                head = min;
                is_loop = true;
            }
        }
        if head == self.dfn[v] {
            self.dfn[v] = INF;
            let mut el = self.stack.pop().unwrap_or(v);
            if is_loop {
                while el != v {
                    self.dfn[el] = 0;
                    el = self.stack.pop().unwrap_or(v);
                }
                let c = self.component(v);
                partition.push(c);
            } else {
                partition.push(Element::Vertex(v));
            }
        }
        head
    }

    fn component(&mut self, v: usize) -> Element {
        let mut part = Vec::new();
        for i in 0..self.succ[v].len() {
            let w = self.succ[v][i];
            if self.dfn[w] == 0 {
                self.visit(w, &mut part);
            }
        }
        part.reverse();
        Element::Component(v, part)
    }
}

impl Wto {
    /// The WTO of a program's locations from its entry, error location last.
    pub fn of_program(p: &crate::ir::Program) -> Wto {
        let edges = p.edges.iter().map(|e| (e.src.0 as usize, e.dst.0 as usize));
        Wto::of_edges(p.locs.len(), edges, p.entry.0 as usize, Some(p.error.0 as usize))
    }

    /// The WTO of the graph of `n` vertices with `edges` (source, target),
    /// successors in the order of `edges`, as [`Wto::new`] computes it.
    pub fn of_edges(n: usize, edges: impl Iterator<Item = (usize, usize)>, root: usize, last: Option<usize>) -> Wto {
        let mut succ = vec![Vec::new(); n];
        for (s, d) in edges {
            succ[s].push(d);
        }
        Wto::new(&succ, root, last)
    }

    /// Computes a WTO of the graph from `root`. If `last` is given and is a
    /// top-level vertex, it is moved to the end (UFO assumes `err` comes last).
    pub fn new(succ: &[Vec<usize>], root: usize, last: Option<usize>) -> Wto {
        let n = succ.len();
        let mut b = Builder { succ, dfn: vec![0; n], num: 0, stack: Vec::new() };
        let mut elements = Vec::new();
        b.visit(root, &mut elements);
        elements.reverse();
        if let Some(l) = last {
            if let Some(i) = elements.iter().position(|e| *e == Element::Vertex(l)) {
                let e = elements.remove(i);
                elements.push(e);
            }
        }
        let mut w = Wto {
            elements: Vec::new(),
            pos: vec![None; n],
            parent: vec![None; n],
            is_head: vec![false; n],
            next: vec![None; n],
            exit: vec![None; n],
            members: vec![Vec::new(); n],
        };
        let mut counter = 0;
        w.fill(&elements, None, None, &mut counter);
        w.elements = elements;
        for v in 0..n {
            if w.pos[v].is_some() {
                let mut h = if w.is_head[v] { Some(v) } else { w.parent[v] };
                while let Some(x) = h {
                    w.members[x].push(v);
                    h = w.parent[x];
                }
            }
        }
        w
    }

    fn fill(&mut self, elems: &[Element], enclosing: Option<usize>, after: Option<usize>, counter: &mut usize) {
        for (i, e) in elems.iter().enumerate() {
            let following = elems.get(i + 1).map(Element::first).or(after);
            match e {
                Element::Vertex(v) => {
                    self.pos[*v] = Some(*counter);
                    *counter += 1;
                    self.next[*v] = following;
                    self.parent[*v] = enclosing;
                }
                Element::Component(h, body) => {
                    self.pos[*h] = Some(*counter);
                    *counter += 1;
                    self.is_head[*h] = true;
                    self.parent[*h] = enclosing;
                    self.next[*h] = Some(body.first().map(Element::first).unwrap_or(*h));
                    self.exit[*h] = following;
                    self.fill(body, Some(*h), Some(*h), counter);
                }
            }
        }
    }

    /// `WTONEXT(v)`: the element following `v` in its innermost component, or
    /// that component's head; for a top-level vertex the next top-level element.
    pub fn next(&self, v: usize) -> Option<usize> {
        self.next[v]
    }

    /// `WTOEXIT(h)` for a head `h`: the first location after its component.
    pub fn exit(&self, h: usize) -> Option<usize> {
        self.exit[h]
    }

    /// All vertices of the component headed by `h` (including nested ones).
    pub fn members(&self, h: usize) -> &[usize] {
        &self.members[h]
    }

    /// `ω(v)`: heads of all components containing `v`.
    pub fn heads_containing(&self, v: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut h = if self.is_head[v] { Some(v) } else { self.parent[v] };
        while let Some(x) = h {
            out.push(x);
            h = self.parent[x];
        }
        out
    }

    /// Checks the defining property of a WTO on every edge between ordered
    /// vertices: `(u ≺ v ∧ v ∉ ω(u)) ∨ (v ⪯ u ∧ v ∈ ω(u))`.
    pub fn check(&self, succ: &[Vec<usize>]) -> Result<(), String> {
        for (u, ws) in succ.iter().enumerate() {
            let Some(pu) = self.pos[u] else { continue };
            let omega = self.heads_containing(u);
            for &v in ws {
                let Some(pv) = self.pos[v] else {
                    return Err(format!("{v} unordered but reachable from {u}"));
                };
                let in_omega = omega.contains(&v);
                let ok = (pu < pv && !in_omega) || (pv <= pu && in_omega);
                if !ok {
                    return Err(format!("edge {u} -> {v} violates the WTO property"));
                }
            }
        }
        Ok(())
    }

    /// The component string, e.g. `1 (2 3 4 5 6) 7 8 9`.
    pub fn render(&self, label: &dyn Fn(usize) -> String) -> String {
        fn go(es: &[Element], label: &dyn Fn(usize) -> String, out: &mut Vec<String>) {
            for e in es {
                match e {
                    Element::Vertex(v) => out.push(label(*v)),
                    Element::Component(h, body) => {
                        let mut inner = vec![label(*h)];
                        go(body, label, &mut inner);
                        out.push(format!("({})", inner.join(" ")));
                    }
                }
            }
        }
        let mut out = Vec::new();
        go(&self.elements, label, &mut out);
        out.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
        let mut g = vec![Vec::new(); n + 1];
        for &(a, b) in edges {
            g[a].push(b);
        }
        g
    }

    fn show(w: &Wto) -> String {
        w.render(&|v| v.to_string())
    }

    /// The paper's Fig. 1(d): `1 (2 3 4 5 6) 7 8 9`, WTONEXT(2)=3, WTONEXT(6)=2, WTOEXIT(2)=7.
    #[test]
    fn paper_fig1() {
        let g = graph(9, &[(1, 2), (2, 3), (2, 7), (3, 4), (3, 5), (4, 6), (5, 6), (6, 2), (7, 8), (7, 9)]);
        let w = Wto::new(&g, 1, Some(8));
        assert_eq!(show(&w), "1 (2 3 5 4 6) 7 9 8");
        w.check(&g).unwrap();
        assert_eq!(w.next(2), Some(3));
        assert_eq!(w.next(6), Some(2));
        assert_eq!(w.exit(2), Some(7));
        assert!(w.is_head[2] && !w.is_head[3]);
    }

    #[test]
    fn nested_loops() {
        // 1 -> (2 -> (3 -> 4 -> 3) -> 5 -> 2) -> 6
        let g = graph(6, &[(1, 2), (2, 3), (3, 4), (4, 3), (3, 5), (5, 2), (2, 6)]);
        let w = Wto::new(&g, 1, None);
        assert_eq!(show(&w), "1 (2 (3 4) 5) 6");
        w.check(&g).unwrap();
        assert_eq!(w.exit(3), Some(5));
        assert_eq!(w.exit(2), Some(6));
        assert_eq!(w.next(5), Some(2));
        assert_eq!(w.next(4), Some(3));
        assert_eq!(w.heads_containing(4), vec![3, 2]);
        assert_eq!(w.members(2).len(), 4);
    }

    #[test]
    fn sequential_loops() {
        let g = graph(5, &[(1, 2), (2, 2), (2, 3), (3, 4), (4, 3), (3, 5)]);
        let w = Wto::new(&g, 1, Some(5));
        assert_eq!(show(&w), "1 (2) (3 4) 5");
        w.check(&g).unwrap();
        assert_eq!(w.exit(2), Some(3));
        assert_eq!(w.exit(3), Some(5));
        assert_eq!(w.next(2), Some(2), "a self-loop component's WTONEXT is its head");
    }

    #[test]
    fn several_back_edges() {
        // a loop with continue-like back edges from 3 and 4 to head 2
        let g = graph(5, &[(1, 2), (2, 3), (3, 2), (3, 4), (4, 2), (2, 5)]);
        let w = Wto::new(&g, 1, None);
        w.check(&g).unwrap();
        assert!(w.is_head[2]);
        assert_eq!(w.heads_containing(3), vec![2]);
        assert_eq!(w.heads_containing(4), vec![2]);
        assert_eq!(w.exit(2), Some(5));
    }

    #[test]
    fn irreducible() {
        // two entries into the cycle 2 <-> 3
        let g = graph(4, &[(1, 2), (1, 3), (2, 3), (3, 2), (3, 4)]);
        let w = Wto::new(&g, 1, Some(4));
        w.check(&g).unwrap();
        assert_eq!(w.pos.iter().filter(|p| p.is_some()).count(), 4);
        assert!(w.is_head[2] || w.is_head[3]);
        assert_eq!(w.elements.last(), Some(&Element::Vertex(4)));
    }

    #[test]
    fn random_graphs_satisfy_property() {
        let mut seed = 12345u64;
        let mut rnd = move |m: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        for _ in 0..300 {
            let n = 2 + rnd(12) as usize;
            let mut g = vec![Vec::new(); n];
            for succ in g.iter_mut() {
                for _ in 0..rnd(4) {
                    succ.push(rnd(n as u64) as usize);
                }
            }
            let w = Wto::new(&g, 0, None);
            w.check(&g).unwrap();
        }
    }
}
