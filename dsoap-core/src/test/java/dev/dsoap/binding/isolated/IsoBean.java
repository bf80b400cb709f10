package dev.dsoap.binding.isolated;

/**
 * Loaded by tests in a class loader that cannot see dsoap (parent: the platform loader), as Axis2 loads
 * service classes; refers to JDK classes only.
 */
public class IsoBean {
    private double value;
    private int count;
    private long big;
    private boolean flag;
    private byte small;
    private float ratio;
    private String name;
    private double[] samples;

    public double getValue() {
        return value;
    }

    public void setValue(double value) {
        this.value = value;
    }

    public int getCount() {
        return count;
    }

    public void setCount(int count) {
        this.count = count;
    }

    public long getBig() {
        return big;
    }

    public void setBig(long big) {
        this.big = big;
    }

    public boolean isFlag() {
        return flag;
    }

    public void setFlag(boolean flag) {
        this.flag = flag;
    }

    public byte getSmall() {
        return small;
    }

    public void setSmall(byte small) {
        this.small = small;
    }

    public float getRatio() {
        return ratio;
    }

    public void setRatio(float ratio) {
        this.ratio = ratio;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public double[] getSamples() {
        return samples;
    }

    public void setSamples(double[] samples) {
        this.samples = samples;
    }
}
