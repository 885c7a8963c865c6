package condense

// templateWidths is the common graph of step (2) of Alg. graph_condense:
// the input and output widths, and for every hidden layer the largest
// number of live nodes over the ensemble (orders[a][k] lists particle a's
// live nodes of layer k). A layer with no live node in any particle keeps
// one padded node, since a network needs at least one node per layer.
func templateWidths(widths []int, orders [][][]int) []int {
	t := append([]int(nil), widths...)
	for k := 1; k+1 < len(t); k++ {
		t[k] = 1
		for _, o := range orders {
			t[k] = max(t[k], len(o[k]))
		}
	}
	return t
}

// place is step (3) of Alg. graph_condense for one particle: node i of
// layer k of the template is the particle's node order[k][i], or a padded
// node with zero incoming and outgoing weights (and bias) for
// i >= len(order[k]). Edges of removed nodes are dropped with them;
// sources and original node indices follow the permutation; the extra
// parameters stay as they are.
func (g graph) place(template []int, order [][]int) graph {
	p := graph{net: g.net, widths: append([]int(nil), template...), extra: g.extra, xsrc: g.xsrc}
	for k := range g.w {
		rows, cols := template[k+1], template[k]
		oldCols := g.widths[k]
		w := make([]float64, rows*cols)
		src := make([]int, rows*cols)
		for i := range src {
			src[i] = -1
		}
		for r, or := range order[k+1] {
			for c, oc := range order[k] {
				w[r*cols+c] = g.w[k][or*oldCols+oc]
				src[r*cols+c] = g.src[k][or*oldCols+oc]
			}
		}
		p.w, p.src = append(p.w, w), append(p.src, src)
		if g.b != nil {
			b, bsrc := make([]float64, rows), make([]int, rows)
			for r := range bsrc {
				bsrc[r] = -1
			}
			for r, or := range order[k+1] {
				b[r], bsrc[r] = g.b[k][or], g.bsrc[k][or]
			}
			p.b, p.bsrc = append(p.b, b), append(p.bsrc, bsrc)
		}
	}
	for k, n := range template {
		nodes := make([]int, n)
		for i := range nodes {
			nodes[i] = -1
		}
		for i, o := range order[k] {
			nodes[i] = g.nodes[k][o]
		}
		p.nodes = append(p.nodes, nodes)
	}
	return p
}
