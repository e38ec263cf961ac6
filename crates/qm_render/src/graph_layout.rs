//! Positions for a territory map, which has no coordinates: a
//! force-directed layout (Fruchterman-Reingold) of the adjacency graph,
//! started from a circle in node order and run a fixed number of rounds, so
//! the same map always gets the same picture.

use qm_core::ids::NodeId;

/// Rounds of the layout.
const ROUNDS: u32 = 300;

/// Positions in `[0, w] x [0, h]` for `nodes`, joined by `edges` (pairs of
/// node ids); returned in the order of `nodes`.
#[must_use]
pub fn layout(nodes: &[NodeId], edges: &[(NodeId, NodeId)], w: f64, h: f64) -> Vec<(f64, f64)> {
    let n = nodes.len();
    if n == 0 {
        return Vec::new();
    }
    let index = |id: NodeId| nodes.binary_search(&id).ok();
    let links: Vec<(usize, usize)> = edges.iter().filter_map(|&(a, b)| Some((index(a)?, index(b)?))).collect();
    let k = (w * h / n as f64).sqrt() * 0.8;
    let mut pos: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / n as f64;
            (w / 2.0 + w * 0.4 * a.cos(), h / 2.0 + h * 0.4 * a.sin())
        })
        .collect();
    let mut temp = w / 8.0;
    for _ in 0..ROUNDS {
        let mut disp = vec![(0.0f64, 0.0f64); n];
        for i in 0..n {
            for j in (i + 1)..n {
                let (dx, dy) = (pos[i].0 - pos[j].0, pos[i].1 - pos[j].1);
                let d = (dx * dx + dy * dy).sqrt().max(0.01);
                let f = k * k / d;
                disp[i].0 += dx / d * f;
                disp[i].1 += dy / d * f;
                disp[j].0 -= dx / d * f;
                disp[j].1 -= dy / d * f;
            }
        }
        for &(a, b) in &links {
            let (dx, dy) = (pos[a].0 - pos[b].0, pos[a].1 - pos[b].1);
            let d = (dx * dx + dy * dy).sqrt().max(0.01);
            let f = d * d / k;
            disp[a].0 -= dx / d * f;
            disp[a].1 -= dy / d * f;
            disp[b].0 += dx / d * f;
            disp[b].1 += dy / d * f;
        }
        for (p, d) in pos.iter_mut().zip(&disp) {
            let len = (d.0 * d.0 + d.1 * d.1).sqrt().max(0.01);
            p.0 += d.0 / len * len.min(temp);
            p.1 += d.1 / len * len.min(temp);
        }
        temp = (temp * 0.985).max(1.0);
    }
    fit(&mut pos, w, h);
    pos
}

/// Pushes apart nodes whose boxes (`bw` by `bh`, centred) overlap, a fixed
/// number of rounds, keeping them inside `[0, w] x [0, h]`.
pub fn separate(pos: &mut [(f64, f64)], (bw, bh): (f64, f64), (w, h): (f64, f64)) {
    for _ in 0..ROUNDS {
        let mut moved = false;
        for i in 0..pos.len() {
            for j in (i + 1)..pos.len() {
                let (dx, dy) = (pos[j].0 - pos[i].0, pos[j].1 - pos[i].1);
                let (ox, oy) = (bw - dx.abs(), bh - dy.abs());
                if ox <= 0.0 || oy <= 0.0 {
                    continue;
                }
                moved = true;
                // Move along the axis of least overlap, half each.
                let (mx, my) = if ox / bw < oy / bh {
                    (ox / 2.0 * dx.signum().max(0.0).mul_add(2.0, -1.0), 0.0)
                } else {
                    (0.0, oy / 2.0 * dy.signum().max(0.0).mul_add(2.0, -1.0))
                };
                pos[i] = ((pos[i].0 - mx).clamp(0.0, w), (pos[i].1 - my).clamp(0.0, h));
                pos[j] = ((pos[j].0 + mx).clamp(0.0, w), (pos[j].1 + my).clamp(0.0, h));
            }
        }
        if !moved {
            break;
        }
    }
}

/// Scales and shifts positions to fill `[0, w] x [0, h]`.
fn fit(pos: &mut [(f64, f64)], w: f64, h: f64) {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in pos.iter() {
        x0 = x0.min(p.0);
        y0 = y0.min(p.1);
        x1 = x1.max(p.0);
        y1 = y1.max(p.1);
    }
    let sx = if x1 > x0 { w / (x1 - x0) } else { 1.0 };
    let sy = if y1 > y0 { h / (y1 - y0) } else { 1.0 };
    for p in pos.iter_mut() {
        *p = ((p.0 - x0) * sx, (p.1 - y0) * sy);
    }
}

#[cfg(test)]
mod tests {
    use super::{NodeId, layout};

    /// Neighbours end up nearer each other than the two ends of a chain.
    #[test]
    fn a_chain_is_laid_out_in_order() {
        let nodes = NodeId::all(5).collect::<Vec<_>>();
        let edges = [(0, 1), (1, 2), (2, 3), (3, 4)].map(|(a, b)| (NodeId(a), NodeId(b)));
        let p = layout(&nodes, &edges, 400.0, 300.0);
        let d = |a: usize, b: usize| ((p[a].0 - p[b].0).powi(2) + (p[a].1 - p[b].1).powi(2)).sqrt();
        assert!(d(0, 1) < d(0, 4), "{p:?}");
        assert!(d(3, 4) < d(0, 4), "{p:?}");
        assert_eq!(p, layout(&nodes, &edges, 400.0, 300.0), "deterministic");
    }
}
