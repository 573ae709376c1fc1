# MIPS versus simulated cores, one line per case or configuration (seed 002,
# fig. 6: best/worst case under SK/MK). Expects from bench/plot.sh's
# parameter file: datafile, nseries, t0..t<n-1> (titles), d0.. (1: dashed), logy.
load benchdir.'/common.gp'
set ylabel 'MIPS (million target instructions per second)'
eval ylog(logy)
plot for [i=0:nseries-1] datafile index i using 1:2 with linespoints lt (i % 8) + 1 \
     dt (value(sprintf('d%d', i)) ? 2 : 1) title value(sprintf('t%d', i)) noenhanced
