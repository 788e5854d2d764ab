//! The message ids the crate's code names: every `Message::new(id)` (`src/core/phrases.rs`)
//! followed to its string literals: a literal; an `if` or `match` of literals; a local
//! `let id = …`; a parameter of the enclosing function (the arguments of every call to it)
//! or of a closure bound by `let` (the arguments of its calls); a function returning
//! `&'static str` (the literals it returns); a constant. What cannot be followed is
//! reported with its place, never skipped.

use std::collections::BTreeSet;
use std::path::Path;

use syn::visit::{self, Visit};
use syn::{Expr, Lit, Stmt};

use super::sources::{Source, impl_item_attrs, item_attrs, test_only, trait_item_attrs};

/// A function of the crate (not test code).
struct Func<'a> {
    name: String,
    /// The names of its parameters besides `self` (`_` for a pattern).
    params: Vec<String>,
    /// Whether it returns `&str` (`&'static str`).
    returns_str: bool,
    body: &'a syn::Block,
    file: &'a Path,
}

/// A closure around a place in a function body: its parameters and the name it is bound
/// to by `let`, if it is.
#[derive(Clone)]
struct Closure {
    name: Option<String>,
    params: Vec<String>,
}

/// A call in a function body.
struct Call<'a> {
    /// The last segment of the called path or the method's name.
    callee: String,
    /// `Message::new(…)`.
    message_new: bool,
    args: Vec<&'a Expr>,
    /// The closures it stands in, outermost first.
    scopes: Vec<Closure>,
}

fn pat_name(pat: &syn::Pat) -> String {
    match pat {
        syn::Pat::Ident(i) => i.ident.to_string(),
        syn::Pat::Type(t) => pat_name(&t.pat),
        syn::Pat::Reference(r) => pat_name(&r.pat),
        _ => "_".to_owned(),
    }
}

fn func<'a>(sig: &'a syn::Signature, body: &'a syn::Block, file: &'a Path) -> Func<'a> {
    let params = sig
        .inputs
        .iter()
        .filter_map(|a| match a {
            syn::FnArg::Typed(t) => Some(pat_name(&t.pat)),
            syn::FnArg::Receiver(_) => None,
        })
        .collect();
    let returns_str = match &sig.output {
        syn::ReturnType::Type(_, ty) => matches!(&**ty, syn::Type::Reference(r)
            if matches!(&*r.elem, syn::Type::Path(p) if p.path.is_ident("str"))),
        syn::ReturnType::Default => false,
    };
    Func {
        name: sig.ident.to_string(),
        params,
        returns_str,
        body,
        file,
    }
}

/// The functions, constants and id lists of the crate.
#[derive(Default)]
struct Index<'a> {
    funcs: Vec<Func<'a>>,
    consts: Vec<(String, &'a Expr)>,
    file: Option<&'a Path>,
}

impl<'a> Visit<'a> for Index<'a> {
    fn visit_item(&mut self, item: &'a syn::Item) {
        if !test_only(item_attrs(item)) {
            visit::visit_item(self, item);
        }
    }
    fn visit_impl_item(&mut self, item: &'a syn::ImplItem) {
        if !test_only(impl_item_attrs(item)) {
            visit::visit_impl_item(self, item);
        }
    }
    fn visit_trait_item(&mut self, item: &'a syn::TraitItem) {
        if !test_only(trait_item_attrs(item)) {
            visit::visit_trait_item(self, item);
        }
    }
    fn visit_item_fn(&mut self, f: &'a syn::ItemFn) {
        let file = self.file.unwrap();
        self.funcs.push(func(&f.sig, &f.block, file));
        visit::visit_item_fn(self, f);
    }
    fn visit_impl_item_fn(&mut self, f: &'a syn::ImplItemFn) {
        let file = self.file.unwrap();
        self.funcs.push(func(&f.sig, &f.block, file));
        visit::visit_impl_item_fn(self, f);
    }
    fn visit_trait_item_fn(&mut self, f: &'a syn::TraitItemFn) {
        if let Some(body) = &f.default {
            let file = self.file.unwrap();
            self.funcs.push(func(&f.sig, body, file));
        }
        visit::visit_trait_item_fn(self, f);
    }
    fn visit_item_const(&mut self, c: &'a syn::ItemConst) {
        self.consts.push((c.ident.to_string(), &c.expr));
    }
    fn visit_item_static(&mut self, s: &'a syn::ItemStatic) {
        self.consts.push((s.ident.to_string(), &s.expr));
    }
}

/// The calls and `let` bindings of one function body (nested functions excluded: they
/// are functions of their own).
#[derive(Default)]
struct Body<'a> {
    calls: Vec<Call<'a>>,
    locals: Vec<(String, &'a Expr)>,
    /// Literals compared with a message's `id` (`msg.id == "repeat-nothing"`).
    compared: Vec<String>,
    scopes: Vec<Closure>,
}

fn closure_params(c: &syn::ExprClosure) -> Vec<String> {
    c.inputs.iter().map(pat_name).collect()
}

fn str_lit(e: &Expr) -> Option<String> {
    match e {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Str(s), ..
        }) => Some(s.value()),
        Expr::Paren(p) => str_lit(&p.expr),
        Expr::Group(g) => str_lit(&g.expr),
        _ => None,
    }
}

fn is_id_field(e: &Expr) -> bool {
    matches!(e, Expr::Field(f) if matches!(&f.member, syn::Member::Named(n) if n == "id"))
}

impl<'a> Visit<'a> for Body<'a> {
    fn visit_item(&mut self, _: &'a syn::Item) {}
    fn visit_local(&mut self, l: &'a syn::Local) {
        let name = pat_name(&l.pat);
        if let Some(init) = &l.init {
            self.locals.push((name.clone(), &init.expr));
            if let Expr::Closure(c) = &*init.expr {
                self.scopes.push(Closure {
                    name: Some(name),
                    params: closure_params(c),
                });
                self.visit_expr(&c.body);
                self.scopes.pop();
                return;
            }
        }
        visit::visit_local(self, l);
    }
    fn visit_expr_closure(&mut self, c: &'a syn::ExprClosure) {
        self.scopes.push(Closure {
            name: None,
            params: closure_params(c),
        });
        visit::visit_expr_closure(self, c);
        self.scopes.pop();
    }
    fn visit_expr_call(&mut self, c: &'a syn::ExprCall) {
        if let Expr::Path(p) = &*c.func {
            let segs: Vec<String> = p
                .path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect();
            let message_new = segs.len() >= 2 && segs[segs.len() - 2..] == ["Message", "new"];
            self.calls.push(Call {
                callee: segs.last().cloned().unwrap_or_default(),
                message_new,
                args: c.args.iter().collect(),
                scopes: self.scopes.clone(),
            });
        }
        visit::visit_expr_call(self, c);
    }
    fn visit_expr_method_call(&mut self, c: &'a syn::ExprMethodCall) {
        self.calls.push(Call {
            callee: c.method.to_string(),
            message_new: false,
            args: c.args.iter().collect(),
            scopes: self.scopes.clone(),
        });
        visit::visit_expr_method_call(self, c);
    }
    fn visit_expr_binary(&mut self, b: &'a syn::ExprBinary) {
        if matches!(b.op, syn::BinOp::Eq(_) | syn::BinOp::Ne(_)) {
            for (a, other) in [(&*b.left, &*b.right), (&*b.right, &*b.left)] {
                if is_id_field(a)
                    && let Some(s) = str_lit(other)
                {
                    self.compared.push(s);
                }
            }
        }
        visit::visit_expr_binary(self, b);
    }
}

fn body_of<'a>(f: &Func<'a>) -> Body<'a> {
    let mut b = Body::default();
    b.visit_block(f.body);
    b
}

/// The `return` expressions of a body.
#[derive(Default)]
struct Returns<'a>(Vec<&'a Expr>);

impl<'a> Visit<'a> for Returns<'a> {
    fn visit_item(&mut self, _: &'a syn::Item) {}
    fn visit_expr_closure(&mut self, _: &'a syn::ExprClosure) {}
    fn visit_expr_return(&mut self, r: &'a syn::ExprReturn) {
        if let Some(e) = &r.expr {
            self.0.push(e);
        }
        visit::visit_expr_return(self, r);
    }
}

/// What the scan found: the ids each `Message::new` may be given, the other ids the code
/// refers to, and what it could not follow.
#[derive(Default, Debug)]
pub struct Scan {
    /// The ids a `Message::new` may be given.
    pub used: BTreeSet<String>,
    /// Those and the ids compared with a message's `id` or listed in a `*_MESSAGES`
    /// constant.
    pub referred: BTreeSet<String>,
    /// Where an id could not be followed.
    pub unresolved: Vec<String>,
}

struct Resolver<'i, 'a> {
    index: &'i Index<'a>,
    bodies: Vec<Body<'a>>,
}

type Ids = Result<BTreeSet<String>, String>;

impl<'a> Resolver<'_, 'a> {
    /// The string literals `e`, in function `f` within `scopes`, may evaluate to.
    fn resolve(&self, e: &'a Expr, f: usize, scopes: &[Closure], depth: usize) -> Ids {
        if depth > 12 {
            return Err("too deep".to_owned());
        }
        let d = depth + 1;
        if let Some(s) = str_lit(e) {
            return Ok(BTreeSet::from([s]));
        }
        match e {
            Expr::Paren(p) => self.resolve(&p.expr, f, scopes, d),
            Expr::Group(g) => self.resolve(&g.expr, f, scopes, d),
            Expr::Block(b) => self.block(&b.block, f, scopes, d),
            Expr::If(i) => {
                let mut ids = self.block(&i.then_branch, f, scopes, d)?;
                match &i.else_branch {
                    Some((_, other)) => ids.extend(self.resolve(other, f, scopes, d)?),
                    None => return Err("an `if` without `else`".to_owned()),
                }
                Ok(ids)
            }
            Expr::Match(m) => {
                let mut ids = BTreeSet::new();
                for arm in &m.arms {
                    ids.extend(self.resolve(&arm.body, f, scopes, d)?);
                }
                Ok(ids)
            }
            Expr::Macro(m)
                if ["unreachable", "panic", "todo", "unimplemented"]
                    .iter()
                    .any(|n| m.mac.path.is_ident(n)) =>
            {
                Ok(BTreeSet::new())
            }
            Expr::Path(p) => {
                let name = p.path.segments.last().map(|s| s.ident.to_string());
                let name = name.unwrap_or_default();
                if p.path.segments.len() == 1 {
                    self.variable(&name, f, scopes, d)
                } else {
                    self.constant(&name, d)
                }
            }
            Expr::MethodCall(c) => self.returned(&c.method.to_string(), c.args.len(), d),
            Expr::Call(c) => match &*c.func {
                Expr::Path(p) => {
                    let name = p.path.segments.last().map(|s| s.ident.to_string());
                    self.returned(&name.unwrap_or_default(), c.args.len(), d)
                }
                _ => Err("a call of a computed function".to_owned()),
            },
            _ => Err("an expression that is not a literal, a branch, a name or a call".into()),
        }
    }

    fn block(&self, b: &'a syn::Block, f: usize, scopes: &[Closure], d: usize) -> Ids {
        match b.stmts.last() {
            Some(Stmt::Expr(e, None)) => self.resolve(e, f, scopes, d),
            _ => Err("a block without a value".to_owned()),
        }
    }

    /// A name: a closure's parameter, a local, the function's parameter or a constant.
    fn variable(&self, name: &str, f: usize, scopes: &[Closure], d: usize) -> Ids {
        let Some(func) = self.index.funcs.get(f) else {
            // Outside a function (a constant's value): only constants are names there.
            return self.constant(name, d);
        };
        let body = &self.bodies[f];
        for (depth, scope) in scopes.iter().enumerate().rev() {
            let Some(at) = scope.params.iter().position(|p| p == name) else {
                continue;
            };
            let Some(closure) = &scope.name else {
                return Err(format!(
                    "`{name}`, a parameter of a closure not bound by `let`"
                ));
            };
            let outer = &scopes[..depth];
            let mut ids = BTreeSet::new();
            for call in body.calls.iter().filter(|c| &c.callee == closure) {
                if let Some(arg) = call.args.get(at) {
                    ids.extend(self.resolve(arg, f, outer, d)?);
                }
            }
            return Ok(ids);
        }
        let locals: Vec<&Expr> = body
            .locals
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, e)| *e)
            .collect();
        if !locals.is_empty() {
            let mut ids = BTreeSet::new();
            for init in locals {
                ids.extend(self.resolve(init, f, scopes, d)?);
            }
            return Ok(ids);
        }
        if let Some(at) = func.params.iter().position(|p| p == name) {
            return self.passed(&func.name, at, func.params.len(), d);
        }
        self.constant(name, d)
    }

    /// The arguments at `at` of every call to a function named `callee` with `arity`
    /// parameters.
    fn passed(&self, callee: &str, at: usize, arity: usize, d: usize) -> Ids {
        let mut ids = BTreeSet::new();
        for (g, body) in self.bodies.iter().enumerate() {
            for call in &body.calls {
                if call.callee == callee && !call.message_new && call.args.len() == arity {
                    ids.extend(self.resolve(call.args[at], g, &call.scopes, d)?);
                }
            }
        }
        Ok(ids)
    }

    /// What every function named `callee` with `arity` parameters that returns `&str`
    /// returns.
    fn returned(&self, callee: &str, arity: usize, d: usize) -> Ids {
        let mut ids = BTreeSet::new();
        let mut found = false;
        for (g, func) in self.index.funcs.iter().enumerate() {
            if func.name != callee || !func.returns_str || func.params.len() != arity {
                continue;
            }
            found = true;
            ids.extend(self.block(func.body, g, &[], d)?);
            let mut returns = Returns::default();
            returns.visit_block(func.body);
            for r in returns.0 {
                ids.extend(self.resolve(r, g, &[], d)?);
            }
        }
        if found {
            Ok(ids)
        } else {
            Err(format!(
                "`{callee}(…)`, no function of the crate returning `&str`"
            ))
        }
    }

    fn constant(&self, name: &str, d: usize) -> Ids {
        let consts: Vec<&Expr> = self
            .index
            .consts
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, e)| *e)
            .collect();
        if consts.is_empty() {
            return Err(format!("`{name}`, not a local, parameter or constant"));
        }
        let mut ids = BTreeSet::new();
        for e in consts {
            // A constant is not in a function: it may only be a literal or a branch of them.
            ids.extend(self.resolve(e, usize::MAX, &[], d)?);
        }
        Ok(ids)
    }
}

/// Every string literal in an expression (for the lists of ids).
#[derive(Default)]
struct Literals(Vec<String>);

impl Visit<'_> for Literals {
    fn visit_lit_str(&mut self, s: &syn::LitStr) {
        self.0.push(s.value());
    }
}

/// The ids the code names (see the module's documentation).
pub fn scan(sources: &[Source]) -> Scan {
    let mut index = Index::default();
    for s in sources {
        index.file = Some(&s.path);
        index.visit_file(&s.ast);
    }
    let bodies = index.funcs.iter().map(body_of).collect();
    let resolver = Resolver {
        index: &index,
        bodies,
    };
    let mut out = Scan::default();
    for (f, body) in resolver.bodies.iter().enumerate() {
        for call in body.calls.iter().filter(|c| c.message_new) {
            let Some(arg) = call.args.first() else {
                continue;
            };
            match resolver.resolve(arg, f, &call.scopes, 0) {
                Ok(ids) => out.used.extend(ids),
                Err(why) => {
                    let func = &index.funcs[f];
                    out.unresolved.push(format!(
                        "{}: fn {}: Message::new's id is {why}",
                        func.file.display(),
                        func.name
                    ));
                }
            }
        }
        out.referred.extend(body.compared.iter().cloned());
    }
    for (name, e) in &index.consts {
        if name.ends_with("_MESSAGES") {
            let mut lits = Literals::default();
            lits.visit_expr(e);
            out.referred.extend(lits.0);
        }
    }
    out.referred.extend(out.used.iter().cloned());
    out
}
