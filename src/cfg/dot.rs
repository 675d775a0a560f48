//! `ufo cfg`: the translated program as text or Graphviz, with loop heads marked
//! and the WTO as a component string.

use super::wto::Wto;
use crate::ir::Program;
use std::fmt::Write;

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Graphviz text of the program.
pub fn to_dot(p: &Program) -> String {
    let wto = Wto::of_program(p);
    let mut s = String::new();
    let _ = writeln!(s, "digraph \"{}\" {{", escape(&p.function));
    let _ = writeln!(s, "  label=\"WTO: {}\";", escape(&wto.render(&|v| p.locs[v].name.clone())));
    let _ = writeln!(s, "  node [shape=box, fontname=monospace];");
    for (i, l) in p.locs.iter().enumerate() {
        let mut attrs = Vec::new();
        if wto.is_head[i] {
            attrs.push("peripheries=2".to_string());
        }
        if i == p.error.0 as usize {
            attrs.push("color=red".to_string());
        }
        let live: Vec<_> = l.live.iter().map(|v| p.var(*v).name.clone()).collect();
        let head = if wto.is_head[i] { " [loop head]" } else { "" };
        let src = if l.src.is_known() { format!("\\n{}", l.src) } else { String::new() };
        let label = format!("{}{}{}\\nlive: {}", l.name, head, src, live.join(", "));
        attrs.push(format!("label=\"{}\"", escape(&label).replace("\\\\n", "\\n")));
        let _ = writeln!(s, "  n{i} [{}];", attrs.join(", "));
    }
    for e in &p.edges {
        let body: Vec<_> = e.body.iter().map(|st| p.show_stmt(st)).collect();
        let _ = writeln!(
            s,
            "  n{} -> n{} [label=\"{}\"];",
            e.src.0,
            e.dst.0,
            escape(&body.join("\n")).replace('\n', "\\l") + if body.is_empty() { "" } else { "\\l" }
        );
    }
    s.push_str("}\n");
    s
}

/// Plain-text listing of the program.
pub fn to_text(p: &Program) -> String {
    let wto = Wto::of_program(p);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "function {} ({} locations, {} edges, {} variables)",
        p.function,
        p.locs.len(),
        p.edges.len(),
        p.vars.len()
    );
    let _ = writeln!(s, "WTO: {}", wto.render(&|v| p.locs[v].name.clone()));
    for (i, l) in p.locs.iter().enumerate() {
        let live: Vec<_> = l.live.iter().map(|v| p.var(*v).name.clone()).collect();
        let mark = if wto.is_head[i] { " [loop head]" } else { "" };
        let _ = writeln!(s, "{}{}: live {{{}}}", l.name, mark, live.join(", "));
        for e in p.edges.iter().filter(|e| e.src.0 as usize == i) {
            let _ = writeln!(s, "  -> {}", p.locs[e.dst.0 as usize].name);
            for st in &e.body {
                let _ = writeln!(s, "       {}", p.show_stmt(st));
            }
        }
    }
    s
}
