//! Statements and structured control flow.

use faultline_ir::{BinOp, Block, Component, Expr, ExprKind, IntKind, Span, StmtKind, SwitchArm};
use tree_sitter::Node;

use crate::consteval;
use crate::ctx::{Breakable, GotoRegion, Lowerer, Res};

/// The label a `goto_statement` or `labeled_statement` names.
fn label_of<'t>(node: Node, src: &'t str) -> Option<&'t str> {
    let l = node.child_by_field_name("label")?;
    src.get(l.start_byte()..l.end_byte())
}

/// The `goto` statements of a translation unit, by start byte, with their labels: built once
/// by an iterative walk, so that asking whether a subtree holds a jump is a binary search
/// instead of a walk of the subtree at every block (which made 10^5 nested blocks quadratic,
/// and recursed once per level).
/// The labels (`labeled_statement`s: start byte, end of the name, name) come in the second
/// list, for the checks of [`Lowerer::check_labels`].
pub(crate) type Labels = Vec<(usize, usize, String)>;

pub(crate) fn goto_index(root: Node, src: &str) -> (Vec<(usize, String)>, Labels) {
    let mut out = Vec::new();
    let mut labels = Vec::new();
    let mut c = root.walk();
    'walk: loop {
        let node = c.node();
        if node.kind() == "labeled_statement" {
            if let Some(l) = node.child_by_field_name("label") {
                let name = src.get(l.start_byte()..l.end_byte()).unwrap_or("");
                labels.push((l.start_byte(), l.end_byte(), name.to_string()));
            }
        }
        if node.kind() == "goto_statement" {
            out.push((
                node.start_byte(),
                label_of(node, src).unwrap_or("").to_string(),
            ));
        } else if c.goto_first_child() {
            continue;
        }
        while !c.goto_next_sibling() {
            if !c.goto_parent() {
                break 'walk;
            }
        }
    }
    (out, labels)
}

impl<'a> Lowerer<'a> {
    /// The jumps inside `node` (by the index of [`goto_index`]).
    fn gotos_in(&self, node: Node) -> &[(usize, String)] {
        let lo = self.gotos.partition_point(|g| g.0 < node.start_byte());
        let hi = self.gotos.partition_point(|g| g.0 < node.end_byte());
        &self.gotos[lo..hi.max(lo)]
    }

    /// Whether `node`'s subtree holds a `goto label`.
    fn has_goto(&self, node: Node, label: &str) -> bool {
        self.gotos_in(node).iter().any(|g| g.1 == label)
    }

    /// Whether `node`'s subtree holds any `goto`.
    fn any_goto(&self, node: Node) -> bool {
        !self.gotos_in(node).is_empty()
    }

    /// A function body's labels are its own (C11 6.2.1p3): one defined twice is an error at
    /// its second definition (once per name), as in gcc, not a jump to either.
    pub(crate) fn check_labels(&mut self, body: Node) {
        let (from, to) = (body.start_byte(), body.end_byte());
        let lo = self.labels.partition_point(|l| l.0 < from);
        let hi = self.labels.partition_point(|l| l.0 < to).max(lo);
        let mut seen = std::collections::HashSet::new();
        let mut twice = std::collections::HashSet::new();
        let mut bad = Vec::new();
        for (start, end, name) in &self.labels[lo..hi] {
            // Once per name: 900 copies of a label are one mistake.
            if !seen.insert(name.as_str()) && twice.insert(name.as_str()) {
                bad.push((*start, *end, format!("duplicate label `{name}`")));
            }
        }
        for (start, end, msg) in bad {
            let span = self.span_range(start, end);
            self.error_at(faultline_ir::ErrorKind::Semantic, span, msg);
        }
    }

    /// Whether the function around `node` defines `label`.
    fn label_defined(&self, node: Node, label: &str) -> bool {
        let mut f = node;
        while f.kind() != "function_definition" {
            match f.parent() {
                Some(p) => f = p,
                None => break,
            }
        }
        let lo = self.labels.partition_point(|l| l.0 < f.start_byte());
        let hi = self.labels.partition_point(|l| l.0 < f.end_byte()).max(lo);
        self.labels[lo..hi].iter().any(|l| l.2 == label)
    }
}

/// A stretch of a block's items that a `goto` jumps out of (forward: items `start..end`, the
/// label at `end`) or back to the beginning of (backward: the label at `start`, the last jump
/// in item `end - 1`).
#[derive(Clone, Debug)]
struct Span2 {
    start: usize,
    end: usize,
    label: String,
    backward: bool,
}

impl<'a> Lowerer<'a> {
    /// Lower the statements of a block in a new scope. Errors are recorded per statement so one
    /// bad statement does not hide the others.
    pub(crate) fn block_items(&mut self, node: Node, out: &mut Block) {
        self.push_scope();
        let mut c = node.walk();
        let items: Vec<Node> = node.named_children(&mut c).collect();
        if let Ok(regions) = self.goto_regions(&items) {
            self.items_range(&items, 0, items.len(), &regions, out);
        }
        self.pop_scope();
    }

    /// The `goto` regions of one block's items: for each label, the items before it holding a
    /// jump to it (forward) and the items from it on holding one (backward). They must nest;
    /// a `goto` into a block from outside it finds no region and is refused where it is.
    fn goto_regions(&mut self, items: &[Node]) -> Res<Vec<Span2>> {
        let mut regions = Vec::new();
        if !items.iter().any(|n| self.any_goto(*n)) {
            return Ok(regions);
        }
        let src = self.src;
        for (k, item) in items.iter().enumerate() {
            if item.kind() != "labeled_statement" {
                continue;
            }
            let Some(label) = label_of(*item, src) else {
                continue;
            };
            if let Some(j) = items[..k].iter().position(|n| self.has_goto(*n, label)) {
                regions.push(Span2 {
                    start: j,
                    end: k,
                    label: label.to_string(),
                    backward: false,
                });
            }
            if let Some(m) = items[k..].iter().rposition(|n| self.has_goto(*n, label)) {
                regions.push(Span2 {
                    start: k,
                    end: k + m + 1,
                    label: label.to_string(),
                    backward: true,
                });
            }
        }
        // Regions must nest. Where two overlap, a forward region may start earlier and a
        // backward one end later (both only add statements that run the same way), so one
        // grows to hold the other; when neither can, a jump would enter a loop: irreducible.
        for _ in 0..regions.len() * regions.len() + 1 {
            regions.sort_by_key(|r| (r.start, std::cmp::Reverse(r.end)));
            let mut changed = false;
            'pairs: for i in 0..regions.len() {
                for j in i + 1..regions.len() {
                    let (a, b) = (&regions[i], &regions[j]);
                    if !(b.start < a.end && b.end > a.end) {
                        continue;
                    }
                    if !b.backward {
                        regions[j].start = a.start;
                    } else if a.backward {
                        regions[i].end = b.end;
                    } else {
                        let (al, bl) = (a.label.clone(), b.label.clone());
                        return Err(self.unsupported(
                            items[b.start],
                            format!(
                                "`goto {bl}` whose jumps cross those to `{al}` (irreducible control flow)"
                            ),
                        ));
                    }
                    changed = true;
                    break 'pairs;
                }
            }
            if !changed {
                return Ok(regions);
            }
        }
        Err(self.unsupported(
            items[0],
            "`goto`s whose jumps cross (irreducible control flow)",
        ))
    }

    /// Lower items `lo..hi`, each region starting there as a loop of its own.
    fn items_range(
        &mut self,
        items: &[Node],
        lo: usize,
        hi: usize,
        regions: &[Span2],
        out: &mut Block,
    ) {
        let mut i = lo;
        while i < hi {
            if self.full() {
                return;
            }
            // The outermost region starting here (regions are sorted outer first).
            if let Some(pos) = regions.iter().position(|r| r.start == i && r.end <= hi) {
                let r = regions[pos].clone();
                let inner: Vec<Span2> = regions
                    .iter()
                    .enumerate()
                    .filter(|(q, x)| *q != pos && x.start >= r.start && x.end <= r.end)
                    .map(|(_, x)| x.clone())
                    .collect();
                let _ = self.goto_region(items, &r, &inner, out);
                i = r.end;
                continue;
            }
            let _ = self.statement(items[i], out);
            i += 1;
        }
    }

    /// One region as a loop: `flag = 0; loop { items; break; }` for a forward jump (the jump
    /// sets the flag and breaks out), `loop { flag = 0; items; break; }` for a backward one (the
    /// jump sets the flag and continues). The flag carries the jump out of nested loops.
    fn goto_region(
        &mut self,
        items: &[Node],
        r: &Span2,
        inner: &[Span2],
        out: &mut Block,
    ) -> Res<()> {
        let at = items[r.start];
        let span = self.stmt_span(at);
        let flag = self.temp(IntKind::Int, at)?;
        let zero = self.konst(0, IntKind::Int, span);
        let reset = self.stmt(
            StmtKind::Assign {
                place: self.local_place(flag, vec![], span),
                value: zero,
            },
            span,
            None,
        );
        let mut body = Vec::new();
        if r.backward {
            body.push(reset);
        } else {
            out.push(reset);
        }
        let depth = self.breakables().len();
        if let Some(c) = &mut self.cur {
            c.breakables.push(Breakable::Goto);
            c.gotos.push(GotoRegion {
                label: r.label.clone(),
                flag,
                backward: r.backward,
                depth,
            });
        }
        self.items_range(items, r.start, r.end, inner, &mut body);
        if let Some(c) = &mut self.cur {
            c.breakables.pop();
            c.gotos.pop();
        }
        let brk = self.stmt(StmtKind::Break, span, None);
        body.push(brk);
        self.emit(
            out,
            StmtKind::Loop {
                body,
                latch: Vec::new(),
            },
            span,
            None,
        );
        // Jumps from inside to regions around this one leave its loop too.
        self.goto_propagate_from(&items[r.start..r.end], at, out);
        Ok(())
    }

    /// `goto label`: set the region's flag and leave (see [`Lowerer::goto_region`]).
    fn goto_statement(&mut self, node: Node, out: &mut Block) -> Res<()> {
        let label = label_of(node, self.src).unwrap_or("").to_string();
        let region = self
            .cur
            .as_ref()
            .and_then(|c| c.gotos.iter().rev().find(|g| g.label == label).cloned());
        let Some(g) = region else {
            if !label.is_empty() && !self.label_defined(node, &label) {
                return Err(self.semantic(node, format!("label `{label}` used but not defined")));
            }
            return Err(self.unsupported(
                node,
                format!(
                    "`goto {label}` into a block or to a label outside the blocks enclosing it"
                ),
            ));
        };
        let span = self.stmt_span(node);
        let one = self.konst(1, IntKind::Int, span);
        self.assign_local(out, g.flag, one, span);
        let kind = self.goto_exit(&g);
        self.emit(out, kind, span, None);
        Ok(())
    }

    /// How a jump to `g` leaves the innermost loop or switch it is in: the region's own loop is
    /// left (forward) or restarted (backward), any other is left with `break`.
    fn goto_exit(&self, g: &GotoRegion) -> StmtKind {
        if self.breakables().len() == g.depth + 1 {
            if g.backward {
                StmtKind::Continue
            } else {
                StmtKind::Break
            }
        } else {
            StmtKind::Break
        }
    }

    /// After a loop or switch holding jumps to enclosing regions: pass each jump on outward.
    fn goto_propagate(&mut self, node: Node, out: &mut Block) {
        self.goto_propagate_from(&[node], node, out)
    }

    /// [`Lowerer::goto_propagate`] after the loop of `nodes` (a region, or one statement).
    fn goto_propagate_from(&mut self, nodes: &[Node], node: Node, out: &mut Block) {
        let gotos = match &self.cur {
            Some(c) if !c.gotos.is_empty() => c.gotos.clone(),
            _ => return,
        };
        let span = self.stmt_span(node);
        for g in gotos.iter().rev() {
            if !nodes.iter().any(|n| self.has_goto(*n, &g.label)) {
                continue;
            }
            let exit = self.goto_exit(g);
            let exit = self.stmt(exit, span, None);
            let cond = self.local_load(g.flag, IntKind::Int, span);
            self.emit(
                out,
                StmtKind::If {
                    cond,
                    then_: vec![exit],
                    else_: Vec::new(),
                },
                span,
                None,
            );
        }
    }

    /// A sub-statement (`if` branch, loop body) is a scope of its own (C11 6.8.4p3).
    fn sub_statement(&mut self, node: Node) -> Block {
        let mut out = Vec::new();
        self.push_scope();
        let _ = self.statement(node, &mut out);
        self.pop_scope();
        out
    }

    pub(crate) fn statement(&mut self, node: Node, out: &mut Block) -> Res<()> {
        self.enter(node)?;
        let r = self.statement_inner(node, out);
        self.leave();
        r
    }

    fn statement_inner(&mut self, node: Node, out: &mut Block) -> Res<()> {
        match node.kind() {
            "compound_statement" => {
                self.block_items(node, out);
                Ok(())
            }
            "declaration" => self.local_declaration(node, out),
            "type_definition" => self.typedef_decl(node),
            "expression_statement" => match node.named_child(0) {
                Some(e) if e.kind() != "comment" => self.expression_statement(e, out),
                _ => Ok(()),
            },
            "if_statement" => self.if_statement(node, out),
            "while_statement" | "do_statement" | "for_statement" | "switch_statement" => {
                match node.kind() {
                    "while_statement" => self.while_statement(node, out)?,
                    "do_statement" => self.do_statement(node, out)?,
                    "for_statement" => self.for_statement(node, out)?,
                    _ => self.switch_statement(node, out)?,
                }
                self.goto_propagate(node, out);
                Ok(())
            }
            "return_statement" => self.return_statement(node, out),
            "break_statement" => {
                if self.breakables().is_empty() {
                    return Err(self.semantic(node, "`break` outside a loop or switch"));
                }
                if self.breakables().last() == Some(&Breakable::Goto) {
                    return Err(self.unsupported(
                        node,
                        "`break` out of a loop or switch from between a `goto` and its label",
                    ));
                }
                let span = self.stmt_span(node);
                self.emit(out, StmtKind::Break, span, None);
                Ok(())
            }
            "continue_statement" => {
                if !self.breakables().contains(&Breakable::Loop) {
                    return Err(self.semantic(node, "`continue` outside a loop"));
                }
                let innermost = self
                    .breakables()
                    .iter()
                    .rev()
                    .find(|b| **b != Breakable::Switch);
                if innermost == Some(&Breakable::Goto) {
                    return Err(self.unsupported(
                        node,
                        "`continue` of a loop from between a `goto` and its label",
                    ));
                }
                let span = self.stmt_span(node);
                self.emit(out, StmtKind::Continue, span, None);
                Ok(())
            }
            "case_statement" => Err(self.unsupported(
                node,
                "`case`/`default` label that is not directly in the body of its `switch`",
            )),
            "goto_statement" => self.goto_statement(node, out),
            // A label no jump leaves the region of is just its statement.
            "labeled_statement" => {
                let mut c = node.walk();
                let inner = node
                    .named_children(&mut c)
                    .filter(|n| n.kind() != "statement_identifier" && n.kind() != "comment")
                    .last();
                match inner {
                    Some(s) => self.statement(s, out),
                    None => Ok(()),
                }
            }
            "comment" => Ok(()),
            "enum_specifier" => {
                if let Some(b) = node.child_by_field_name("body") {
                    self.enum_body(b)?;
                }
                Ok(())
            }
            "struct_specifier" | "union_specifier" => {
                if self.undefined_tag(node).is_some() {
                    return Ok(());
                }
                self.struct_specifier(node).map(|_| ())
            }
            "gnu_asm_expression" | "asm_statement" => {
                Err(self.unsupported(node, "inline assembly"))
            }
            k if k.starts_with("preproc") => Ok(()),
            "function_definition" => Err(self.unsupported(node, "nested function definitions")),
            other => {
                Err(self.unsupported(node, format!("statement `{}`", other.replace('_', " "))))
            }
        }
    }

    fn breakables(&self) -> &[Breakable] {
        self.cur
            .as_ref()
            .map(|f| f.breakables.as_slice())
            .unwrap_or(&[])
    }

    fn with_breakable<T>(&mut self, b: Breakable, f: impl FnOnce(&mut Self) -> T) -> T {
        if let Some(c) = &mut self.cur {
            c.breakables.push(b);
        }
        let r = f(self);
        if let Some(c) = &mut self.cur {
            c.breakables.pop();
        }
        r
    }

    fn if_statement(&mut self, node: Node, out: &mut Block) -> Res<()> {
        let Some(c) = node.child_by_field_name("condition") else {
            return Err(self.semantic(node, "`if` without a condition"));
        };
        let (cond, cspan) = self.condition(c, out)?;
        let then_ = match node.child_by_field_name("consequence") {
            Some(s) => self.sub_statement(s),
            None => Vec::new(),
        };
        let else_ = match node.child_by_field_name("alternative") {
            Some(e) => match e.named_child(0) {
                Some(s) if e.kind() == "else_clause" => self.sub_statement(s),
                _ => self.sub_statement(e),
            },
            None => Vec::new(),
        };
        self.emit(
            out,
            StmtKind::If { cond, then_, else_ },
            cspan,
            Some(Component::IfCond),
        );
        Ok(())
    }

    /// `if (cond) {} else break;`: how every loop tests its condition.
    fn loop_test(&mut self, cond: Expr, span: Span, out: &mut Block) {
        let brk = self.stmt(StmtKind::Break, span, None);
        self.emit(
            out,
            StmtKind::If {
                cond,
                then_: Vec::new(),
                else_: vec![brk],
            },
            span,
            Some(Component::LoopCond),
        );
    }

    fn while_statement(&mut self, node: Node, out: &mut Block) -> Res<()> {
        let Some(c) = node.child_by_field_name("condition") else {
            return Err(self.semantic(node, "`while` without a condition"));
        };
        let mut body = Vec::new();
        // The condition's side effects run on every iteration, so they live in the body.
        let (cond, cspan) = self.condition(c, &mut body)?;
        self.loop_test(cond, cspan, &mut body);
        if let Some(b) = node.child_by_field_name("body") {
            let stmts = self.with_breakable(Breakable::Loop, |s| s.sub_statement(b));
            body.extend(stmts);
        }
        let span = self.span(node);
        self.emit(
            out,
            StmtKind::Loop {
                body,
                latch: Vec::new(),
            },
            span,
            None,
        );
        Ok(())
    }

    fn do_statement(&mut self, node: Node, out: &mut Block) -> Res<()> {
        let body = match node.child_by_field_name("body") {
            Some(b) => self.with_breakable(Breakable::Loop, |s| s.sub_statement(b)),
            None => Vec::new(),
        };
        let Some(c) = node.child_by_field_name("condition") else {
            return Err(self.semantic(node, "`do` without a condition"));
        };
        let mut latch = Vec::new();
        let (cond, cspan) = self.condition(c, &mut latch)?;
        self.loop_test(cond, cspan, &mut latch);
        let span = self.span(node);
        self.emit(out, StmtKind::Loop { body, latch }, span, None);
        Ok(())
    }

    fn for_statement(&mut self, node: Node, out: &mut Block) -> Res<()> {
        self.push_scope();
        let r = self.for_inner(node, out);
        self.pop_scope();
        r
    }

    fn for_inner(&mut self, node: Node, out: &mut Block) -> Res<()> {
        if let Some(init) = node.child_by_field_name("initializer") {
            if init.kind() == "declaration" {
                self.local_declaration(init, out)?;
            } else {
                self.effect(init, out)?;
            }
        }
        let mut body = Vec::new();
        if let Some(c) = node.child_by_field_name("condition") {
            let (cond, cspan) = self.condition(c, &mut body)?;
            self.loop_test(cond, cspan, &mut body);
        }
        let mut latch = Vec::new();
        if let Some(u) = node.child_by_field_name("update") {
            self.effect(u, &mut latch)?;
        }
        if let Some(b) = node.child_by_field_name("body") {
            let stmts = self.with_breakable(Breakable::Loop, |s| s.sub_statement(b));
            body.extend(stmts);
        }
        let span = self.span(node);
        self.emit(out, StmtKind::Loop { body, latch }, span, None);
        Ok(())
    }

    fn return_statement(&mut self, node: Node, out: &mut Block) -> Res<()> {
        let span = self.stmt_span(node);
        let ret = self.cur.as_ref().map(|f| f.ret.clone());
        let value = match node.named_child(0).filter(|n| n.kind() != "comment") {
            None => None,
            Some(e) => match ret {
                Some(ty @ faultline_ir::Type::Struct(_)) => {
                    // Into the function's return slots, then return.
                    let fname = self
                        .cur
                        .as_ref()
                        .map(|f| f.name.clone())
                        .unwrap_or_default();
                    let slots = self.ret_slots(&fname, &ty, span);
                    let dst = Self::agg_obj(slots, ty.clone(), span);
                    let src = self.agg_value(e, &ty, out)?;
                    self.agg_copy(&dst, &src, span, Some(Component::Return), e, out)?;
                    None
                }
                Some(faultline_ir::Type::Int(k)) => {
                    let v = self.rvalue(e, out)?;
                    Some(self.cast(v, k))
                }
                Some(faultline_ir::Type::Ptr(t)) => {
                    let v = self.value(e, out, true)?;
                    Some(self.to_pointer(v, &t, e)?)
                }
                Some(faultline_ir::Type::FnPtr(fs)) => {
                    let v = self.value(e, out, true)?;
                    Some(self.fn_number(v, Some(&fs), e)?)
                }
                _ => {
                    // `return f();` in a void function, with `f` void, is accepted by gcc.
                    self.effect(e, out)?;
                    None
                }
            },
        };
        self.emit(out, StmtKind::Return(value), span, Some(Component::Return));
        Ok(())
    }

    fn switch_statement(&mut self, node: Node, out: &mut Block) -> Res<()> {
        let (Some(c), Some(body)) = (
            node.child_by_field_name("condition"),
            node.child_by_field_name("body"),
        ) else {
            return Err(self.semantic(node, "malformed `switch`"));
        };
        let (scrutinee, cspan) = self.condition(c, out)?;
        // `condition` turned a floating scrutinee into `x != 0`; C requires an integer.
        if let ExprKind::Binary(BinOp::Ne, a, _) = &scrutinee.kind {
            if a.ty.is_float() && scrutinee.span == a.span {
                return Err(self.semantic(c, "switch quantity is not an integer"));
            }
        }
        let k = scrutinee.ty.promote();
        let scrutinee = self.cast(scrutinee, k);
        let arms = self.with_breakable(Breakable::Switch, |s| {
            s.push_scope();
            let r = s.switch_arms(body, k);
            s.pop_scope();
            r
        })?;
        self.emit(
            out,
            StmtKind::Switch { scrutinee, arms },
            cspan,
            Some(Component::SwitchCond),
        );
        Ok(())
    }

    /// One arm per run of consecutive labels; the statements after them until the next label
    /// form the arm's body (and fall through to the next arm).
    fn switch_arms(&mut self, body: Node, k: IntKind) -> Res<Vec<SwitchArm>> {
        if body.kind() != "compound_statement" {
            return Err(self.unsupported(body, "`switch` whose body is not a block"));
        }
        let mut arms: Vec<SwitchArm> = Vec::new();
        // A set: 10^5 `case`s compared pairwise took seconds per compile.
        let mut seen: std::collections::HashSet<i128> = std::collections::HashSet::new();
        let mut has_default = false;
        let mut c = body.walk();
        let items: Vec<Node> = body.named_children(&mut c).collect();
        for item in items {
            if item.kind() == "comment" {
                continue;
            }
            if item.kind() != "case_statement" {
                if arms.is_empty() {
                    let _ = self.unsupported(
                        item,
                        "statement before the first `case` label of a `switch`",
                    );
                    continue;
                }
                if let Some(arm) = arms.last_mut() {
                    let mut b = std::mem::take(&mut arm.body);
                    let _ = self.statement(item, &mut b);
                    if let Some(arm) = arms.last_mut() {
                        arm.body = b;
                    }
                }
                continue;
            }
            // The label part: from `case` to its `:`.
            let mut lc = item.walk();
            let colon_end = item
                .children(&mut lc)
                .find(|ch| ch.kind() == ":")
                .map(|ch| ch.end_byte())
                .unwrap_or(item.end_byte());
            let label_span = self.span_range(item.start_byte(), colon_end);
            let value = match item.child_by_field_name("value") {
                Some(v) => {
                    let x = self.case_value(v, k)?;
                    if !seen.insert(x) {
                        return Err(self.semantic(v, "duplicate `case` value"));
                    }
                    Some(x)
                }
                None => {
                    if has_default {
                        return Err(self.semantic(item, "multiple `default` labels"));
                    }
                    has_default = true;
                    None
                }
            };
            let start_new = arms.last().is_none_or(|a| !a.body.is_empty());
            if start_new {
                arms.push(SwitchArm {
                    values: Vec::new(),
                    is_default: false,
                    body: Vec::new(),
                    span: label_span,
                });
            }
            let Some(arm) = arms.last_mut() else { continue };
            arm.span = arm.span.to(label_span);
            match value {
                Some(x) => arm.values.push(x),
                None => arm.is_default = true,
            }
            let mut sc = item.walk();
            let stmts: Vec<Node> = item
                .named_children(&mut sc)
                .filter(|s| Some(*s) != item.child_by_field_name("value"))
                .collect();
            let mut b = Vec::new();
            for s in stmts {
                if self.full() {
                    break;
                }
                let _ = self.statement(s, &mut b);
            }
            if let Some(arm) = arms.last_mut() {
                arm.body = b;
            }
        }
        Ok(arms)
    }

    /// A `case` constant, converted to the promoted type of the scrutinee.
    fn case_value(&mut self, v: Node, k: IntKind) -> Res<i128> {
        let mut pre = Vec::new();
        let e = self.rvalue(v, &mut pre)?;
        if !pre.is_empty() {
            return Err(self.semantic(v, "`case` label is not a constant expression"));
        }
        let x = consteval::eval(&e).map_err(|m| self.semantic(v, m))?;
        Ok(k.wrap(x))
    }
}
