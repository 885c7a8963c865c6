// Package train fits a Stein ensemble of input-convex networks to the
// hyperelastic data of the paper's Sec. 5 and measures it: the driver of
// Alg. svgd for one stage without condensation (method "svgd"), with the
// history of training error, push-forward W1 (Sec. 5.3), active-weight
// count and inter-particle distances (eq. distances) at a chosen interval.
//
// The likelihood is Gaussian on the six stress components with one noise
// scale sigma. Unless set, sigma = max(s, 0.01) x RMS(S_train): the noise
// level s of the data times the data's scale, which is the standard
// deviation of the multiplicative noise S s xi averaged over the data, with
// a floor of 1% for noise-free data.
package train
