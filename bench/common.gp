# Shared look of warpsim's benchmark plots (bench/plot.sh loads it first).
# Expects: outfile, plottitle.
set encoding utf8
set terminal svg size 1100,600 dynamic enhanced font 'Helvetica,15' background rgb 'white'
set output outfile
set title plottitle noenhanced
set grid xtics ytics mxtics mytics lc rgb '#dddddd'
set key outside right top vertical box samplen 3 spacing 1.2 width 1 height 0.5
set xlabel 'simulated cores'
set logscale x 2
set format x '%.0f'
set offsets graph 0.03, graph 0.03, 0, 0
# MK lines dashed (plot.sh's d<i>); colours by case or configuration (c<i>)
set linetype 1 lc rgb '#1f77b4' lw 2 pt 7 ps 1.1
set linetype 2 lc rgb '#d62728' lw 2 pt 5 ps 1.1
set linetype 3 lc rgb '#2ca02c' lw 2 pt 9 ps 1.3
set linetype 4 lc rgb '#9467bd' lw 2 pt 11 ps 1.3
set linetype 5 lc rgb '#ff7f0e' lw 2 pt 13 ps 1.3
set linetype 6 lc rgb '#8c564b' lw 2 pt 15 ps 1.3
set linetype 7 lc rgb '#17becf' lw 2 pt 3 ps 1.3
set linetype 8 lc rgb '#7f7f7f' lw 2 pt 1 ps 1.3
set linetype cycle 8
# y axis: from 0, or logarithmic when the lines span orders of magnitude
ylog(on) = on ? 'set logscale y 10; set format y "%g"; set yrange [*:*]' : 'unset logscale y; set yrange [0:*]'
