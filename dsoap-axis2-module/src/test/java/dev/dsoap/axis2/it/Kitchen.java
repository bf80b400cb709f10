package dev.dsoap.axis2.it;

import java.math.BigDecimal;

/** A bean with one property of each kind Axis2's BeanUtil writes, to compare dsoap with Axis2 on all of them. */
public class Kitchen {
    public enum Status { OPEN, CLOSED }

    private boolean flag;
    private long big;
    private float ratio;
    private BigDecimal price;
    private byte[] blob;
    private Status status;
    private Mio mio;
    private double[] series;
    private String label;

    public boolean isFlag() { return flag; }
    public void setFlag(boolean flag) { this.flag = flag; }
    public long getBig() { return big; }
    public void setBig(long big) { this.big = big; }
    public float getRatio() { return ratio; }
    public void setRatio(float ratio) { this.ratio = ratio; }
    public BigDecimal getPrice() { return price; }
    public void setPrice(BigDecimal price) { this.price = price; }
    public byte[] getBlob() { return blob; }
    public void setBlob(byte[] blob) { this.blob = blob; }
    public Status getStatus() { return status; }
    public void setStatus(Status status) { this.status = status; }
    public Mio getMio() { return mio; }
    public void setMio(Mio mio) { this.mio = mio; }
    public double[] getSeries() { return series; }
    public void setSeries(double[] series) { this.series = series; }
    public String getLabel() { return label; }
    public void setLabel(String label) { this.label = label; }
}
